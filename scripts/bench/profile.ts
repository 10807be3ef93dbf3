import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageBreakdown, stageCosts } from './cpu-stages';
import { runLoad } from './load';
import type { Workload } from './load';
import { mcpAccessToken, mcpSearchWorkload, restSearchWorkload } from './mcp-workload';
import { readCpuSeconds } from './memory';
import { choiceOption, option, positiveOption } from './options';
import { importGazetteer, startStandalone } from './platforms';
import type { Mode } from './platforms';
import { runBench, using } from './running';
import { PROPERTY_LISTINGS, PROPERTY_PATHS, seedPublishedListings } from './properties';
import { DECISION_BODIES, locationPaths } from './workload';

/**
 * `npm run bench:profile`: the standalone platform (gateway, services and in-process transport
 * in one Node process) started with `--cpu-prof` (log level warn),
 * `GET /v1/locations` (or, with `--route=properties`, GET /v1/properties' search mix over
 * 100,000 published listings; with `--route=decisions`, POST /v1/decisions; with `--route=mcp`
 * and `--route=search`, bench:mcp's two sides, the MCP tool call and its REST search) under load
 * (50 connections), then the CPU time of each process split by stage of the request path
 * (cpu-stages.ts): each stage's share, and its CPU microseconds per request (the share of the
 * process's CPU over the load, read from /proc), the figure to compare builds by. Options: route,
 * duration (s), connections, gazetteer (a folder, or none), keep (leave the .cpuprofile files in
 * the printed folder), build (another build's dist/ to profile, e.g. main's, for a before/after in
 * alternation).
 */
const DEFAULT_GAZETTEER = path.join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'locations', 'saudi');

async function profileMode(mode: Mode): Promise<void> {
  const durationS = positiveOption('duration', 15);
  const route = choiceOption('route', ['locations', 'properties', 'decisions', 'search', 'mcp'], 'locations');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pdp-profile-${mode}-`));
  // The process writes its profile when it exits (Node 20 refuses --cpu-prof in NODE_OPTIONS).
  const build = option('build', '');
  const platform = await startStandalone(
    ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    ...(build ? [path.resolve(build)] : []),
  );
  const node = platform.memoryGroups().filter((group) => group.label === 'standalone node');
  const pid = node[0].pids()[0];
  let cpuSeconds = 0;
  let label = '';
  const result = await using(platform, async () => {
    const gazetteer = option('gazetteer', DEFAULT_GAZETTEER);
    if (gazetteer !== 'none' && fs.existsSync(gazetteer)) await importGazetteer(platform, gazetteer);
    const headers = { authorization: `Bearer ${await platform.apiKey()}` };
    if (route === 'properties') await seedPublishedListings(platform.databaseUrl, PROPERTY_LISTINGS);
    const workload: Workload =
      route === 'mcp'
        ? mcpSearchWorkload(await mcpAccessToken(platform))
        : route === 'search'
          ? restSearchWorkload
          : route === 'decisions'
            ? { method: 'POST', paths: ['/v1/decisions'], bodies: DECISION_BODIES, headers }
            : { method: 'GET', paths: route === 'properties' ? PROPERTY_PATHS : locationPaths(), headers };
    label = `${workload.method} ${workload.paths[0]}`;
    await runLoad(platform.baseUrl, workload, { durationS: 2, connections: 10 });
    const before = readCpuSeconds(node).get('standalone node') ?? 0;
    const load = await runLoad(platform.baseUrl, workload, {
      durationS,
      connections: positiveOption('connections', 50),
    });
    cpuSeconds = (readCpuSeconds(node).get('standalone node') ?? 0) - before;
    return load;
  });
  const perRequest = (cpuSeconds * 1e6) / Math.max(result.requests, 1);
  const lines = [
    `\n== ${mode}: ${label}, ${result.requestsPerSecond} req/s ` +
      `under the profiler, ${result.errors} errors, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} ==`,
    `Node process: ${cpuSeconds.toFixed(2)} CPU s over ${result.requests} requests, ${perRequest.toFixed(0)} µs per request`,
  ];
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const shares = stageBreakdown(path.join(dir, file), durationS);
    // Processes that did no request work (the launcher, idle services) are left out.
    if (!shares.some((share) => share.stage.startsWith('HTTP') || share.stage.startsWith('transport'))) continue;
    // The profile's file name carries its pid (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile).
    const measured = file.split('.')[3] === String(pid);
    const costs = stageCosts(shares, measured ? cpuSeconds : 0, result.requests);
    lines.push(
      `-- ${file}`,
      ...costs.map(
        (cost) =>
          `${cost.percent.toFixed(1).padStart(6)} %  ${measured ? `${cost.microsPerRequest.toFixed(1).padStart(7)} µs  ` : ''}${cost.stage}`,
      ),
    );
  }
  if (option('keep', 'false') === 'true') lines.push(`Profiles kept in ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  await profileMode('standalone');
}

runBench('bench:profile', main);
