import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Client } from 'pg';
import { loadEnv } from '@app/config';
import { McpServerFactory } from '../../apps/gateway/src/mcp/mcp-server.factory';
import { createStandaloneApp } from '../../apps/standalone/src/standalone-app';
import { StandaloneEnv } from '../../apps/standalone/src/standalone.env';
import { positiveOption } from './options';

/**
 * `tools/call buyer_search_properties` beside `GET /v1/properties` with the same search, in one
 * run of one standalone platform (in this process, on a fresh database of the machine's
 * PostgreSQL, demo catalogue seeded). REST goes over HTTP; MCP goes through the gateway's own
 * McpServerFactory, a light Server per call as stateless /mcp serving makes one, over the SDK's
 * in-memory transport (no HTTP: the /mcp endpoint is built on another branch). Prints requests/s
 * of both, their ratio (target ≥ 0.5) and resident memory.
 */
const QUERY = { city: 'Riyadh', type: 'apartment', limit: 20 };
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** As many calls as `concurrency` workers finish in `seconds`. */
async function rate(seconds: number, concurrency: number, once: () => Promise<void>): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await once();
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/** One tools/call on a fresh server, as one stateless POST /mcp is served. */
async function toolsCall(factory: McpServerFactory, id: number): Promise<void> {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const mcp = factory.create({ kind: 'user', accountId: '00000000-0000-4000-8000-000000000000', accountRole: 'buyer' });
  await mcp.connect(server);
  const answer = new Promise<JSONRPCMessage>((resolve) => (client.onmessage = resolve));
  await client.start();
  await client.send({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'buyer_search_properties', arguments: QUERY },
  });
  const message = (await answer) as { result?: { isError?: boolean } };
  if (!message.result || message.result.isError) throw new Error(`tools/call failed: ${JSON.stringify(message)}`);
  await mcp.close();
}

async function main(): Promise<void> {
  const seconds = positiveOption('duration', 10);
  const concurrency = positiveOption('connections', 20);
  const name = `pdp_bench_mcp_${randomBytes(3).toString('hex')}`;
  Object.assign(process.env, {
    LOG_LEVEL: 'error',
    PORT: '0',
    JWT_SIGNING_KEYS: process.env.JWT_SIGNING_KEYS ?? `bench:${randomBytes(32).toString('base64url')}`,
  });
  await withAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const app = await createStandaloneApp(loadEnv(StandaloneEnv), url.toString());
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.getHttpServer().address() as AddressInfo;
    const search = new URLSearchParams(Object.entries(QUERY).map(([k, v]): [string, string] => [k, String(v)]));
    const rest = `http://127.0.0.1:${port}/v1/properties?${search.toString()}`;
    const factory = app.get(McpServerFactory);
    let id = 0;
    const restOnce = async () => {
      const res = await fetch(rest);
      if (res.status !== 200) throw new Error(`REST search: ${res.status}`);
      await res.arrayBuffer();
    };
    const mcpOnce = () => toolsCall(factory, ++id);
    await rate(2, concurrency, restOnce); // warm-up
    await rate(2, concurrency, mcpOnce);
    const restRps = await rate(seconds, concurrency, restOnce);
    const mcpRps = await rate(seconds, concurrency, mcpOnce);
    const rssMb = Math.round(process.memoryUsage().rss / 1048576);
    console.log(`MCP tools/call buyer_search_properties vs GET /v1/properties (standalone, ${concurrency} concurrent)`);
    console.log(`  REST over HTTP        ${restRps.toFixed(0)} req/s`);
    console.log(`  MCP tools/call        ${mcpRps.toFixed(0)} req/s (in-process factory, server per call)`);
    console.log(`  ratio MCP/REST        ${(mcpRps / restRps).toFixed(2)} (target >= 0.5)`);
    console.log(`  resident memory       ${rssMb} MB (whole platform in this process)`);
  } finally {
    await app.close();
    await withAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
