import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadEnv } from '@app/config';
import { connectOrStartEmbeddedPostgres, migrateServiceDatabase, serviceDataSourceOptions } from '@app/database';
import { leadsDatabase } from '../apps/leads/src/database/leads.database';
import { describeKnowledgeEvaluation, runKnowledgeEvaluation } from '../apps/leads/src/knowledge/knowledge-evaluation';
import type { KnowledgeEvaluation, KnowledgeFixture } from '../apps/leads/src/knowledge/knowledge-evaluation';
import { StandaloneEnv } from '../apps/standalone/src/standalone.env';

/** The written set: a project's knowledge base in both languages and its questions. */
export const KNOWLEDGE_FIXTURE = fixturePath('test/fixtures/knowledge/nakheel-gardens.json');

/** From scripts/ (ts) or dist/scripts/ (compiled): the first folder up that holds it. */
function fixturePath(relative: string): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, relative))) return join(dir, relative);
    if (dirname(dir) === dir) return resolve(relative);
  }
}

/**
 * `npm run eval:knowledge [-- <fixture.json>] [--json]`: indexes the fixture's knowledge base
 * with the leads service's own code in a scratch database created beside DATABASE_URL's (else
 * in the embedded PostgreSQL) and dropped afterwards, asks every question, and prints recall@3
 * and the share of out-of-scope questions refused, at the service's threshold and around it.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const path = args.find((arg) => !arg.startsWith('--')) ?? KNOWLEDGE_FIXTURE;
  const fixture = JSON.parse(readFileSync(resolve(path), 'utf8')) as KnowledgeFixture;
  const env = loadEnv(StandaloneEnv);
  const server = env.DATABASE_URL
    ? { url: env.DATABASE_URL, stop: () => Promise.resolve() }
    : await connectOrStartEmbeddedPostgres({ dataDir: env.DATA_DIR });
  try {
    const evaluation = await evaluateKnowledge(server.url, fixture);
    process.stdout.write(
      args.includes('--json') ? `${JSON.stringify(evaluation)}\n` : `${describeKnowledgeEvaluation(evaluation)}\n`,
    );
  } finally {
    await server.stop();
  }
}

/** The evaluation in a database of its own, migrated like the leads service's, dropped at the end. */
export async function evaluateKnowledge(serverUrl: string, fixture: KnowledgeFixture): Promise<KnowledgeEvaluation> {
  const name = `eval_knowledge_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataSource = await new DataSource(
    serviceDataSourceOptions(leadsDatabase, { url: url.toString(), poolSize: 2, applicationName: 'eval-knowledge' }),
  ).initialize();
  try {
    await migrateServiceDatabase(dataSource);
    return await runKnowledgeEvaluation(dataSource, fixture);
  } finally {
    await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
