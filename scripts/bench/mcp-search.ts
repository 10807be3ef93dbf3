import { runLoad } from './load';
import type { LoadResult, LoadSettings, Workload } from './load';
import { readMemory } from './memory';
import { positiveOption } from './options';
import { SEARCH, mcpAccessToken, mcpSearchWorkload, restSearchWorkload as restWorkload } from './mcp-workload';
import { startStandalone } from './platforms';
import { MCP_TARGET, P99_TARGET, atLeast, atMost, describeVerdict } from './targets';

/**
 * `npm run bench:mcp`: `tools/call buyer_search_properties` as an assistant sends it (HTTP POST
 * /mcp, Streamable HTTP JSON-RPC, stateless, with an OAuth access token got through dynamic
 * registration, PKCE and the login and consent pages) beside `GET /v1/properties` with the same
 * filters, over the demo catalogue of one `npm start` platform, with the same connections, in
 * the same run. Prints requests/s, p50/p99, the ratio (issue 29: ≥ 0.6 of REST), the p99 against REST's
 * (≤ 2×) and resident memory.
 * Options as `--name=value` or BENCH_*: duration (s per run), connections, warmup (s).
 */
/** One call of each before measuring: both must answer 200 with the same, non-empty page. */
async function checkBothAnswer(baseUrl: string, mcp: Workload): Promise<number> {
  const rest = await fetch(`${baseUrl}${restWorkload.paths[0]}`);
  const restBody = (await rest.json()) as { count?: number };
  const call = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { ...mcp.headers, 'content-type': 'application/json' },
    body: JSON.stringify(mcp.bodies?.[0]),
  });
  const message = (await call.json()) as { result?: { isError?: boolean; structuredContent?: { count?: number } } };
  const mcpCount = message.result?.structuredContent?.count;
  if (rest.status !== 200 || call.status !== 200 || message.result?.isError || !restBody.count)
    throw new Error(`search did not answer: REST ${rest.status}, MCP ${call.status} ${JSON.stringify(message)}`);
  if (mcpCount !== restBody.count) throw new Error(`REST found ${restBody.count}, MCP ${mcpCount}`);
  return restBody.count;
}

async function measure(baseUrl: string, workload: Workload, settings: LoadSettings, warmupS: number) {
  await runLoad(baseUrl, workload, { durationS: warmupS, connections: settings.connections });
  const result = await runLoad(baseUrl, workload, settings);
  if (result.errors > 0) throw new Error(`${result.errors} failed requests: ${JSON.stringify(result.statusCodes)}`);
  return result;
}

const line = (label: string, r: LoadResult) =>
  `  ${label.padEnd(36)} ${String(r.requestsPerSecond).padStart(6)} req/s   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms`;

async function main(): Promise<void> {
  const settings: LoadSettings = {
    durationS: positiveOption('duration', 10),
    connections: positiveOption('connections', 20),
  };
  const warmupS = positiveOption('warmup', 2);
  const platform = await startStandalone();
  try {
    const mcp = mcpSearchWorkload(await mcpAccessToken(platform));
    const found = await checkBothAnswer(platform.baseUrl, mcp);
    const rest = await measure(platform.baseUrl, restWorkload, settings, warmupS);
    const tools = await measure(platform.baseUrl, mcp, settings, warmupS);
    const ratio = atLeast('MCP/REST', tools.requestsPerSecond, rest.requestsPerSecond, MCP_TARGET);
    console.log(
      `MCP tools/call vs REST, one search (${JSON.stringify(SEARCH)}, ${found} published listings per answer), ` +
        `standalone, ${settings.connections} connections, ${settings.durationS} s each`,
    );
    console.log(line('GET /v1/properties', rest));
    console.log(line('POST /mcp tools/call (OAuth token)', tools));
    console.log(`  ${describeVerdict(ratio)}`);
    console.log(`  ${describeVerdict(atMost('MCP p99/REST p99', tools.p99Ms, rest.p99Ms, P99_TARGET))}`);
    for (const reading of readMemory(platform.memoryGroups()))
      console.log(`  resident memory ${reading.label}: ${reading.rssMb} MB RSS, ${reading.pssMb} MB PSS`);
  } finally {
    await platform.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
