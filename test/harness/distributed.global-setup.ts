import net from 'node:net';
import { openLedger } from './shared-platforms-ledger';
import { createTemplateDatabase } from './template-database';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_NATS = 'nats://127.0.0.1:4222';
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

/**
 * The distributed suite needs the machine's PostgreSQL, NATS and Redis, and makes the run's
 * migrated template database in that PostgreSQL. Without them it is
 * skipped, unless E2E_DISTRIBUTED=required (CI), where their absence fails the run.
 */
export default async function distributedGlobalSetup(): Promise<void> {
  const pgUrl = new URL(process.env.E2E_PG_ADMIN_URL ?? DEFAULT_PG);
  const natsUrl = new URL(process.env.E2E_NATS_URL ?? DEFAULT_NATS);
  process.env.E2E_PG_ADMIN_URL = pgUrl.toString();
  const redisUrl = new URL(process.env.E2E_REDIS_URL ?? DEFAULT_REDIS);
  process.env.E2E_NATS_URL = natsUrl.toString().replace(/\/$/, '');
  process.env.E2E_REDIS_URL = redisUrl.toString().replace(/\/$/, '');
  const missing = [];
  if (!(await answers(pgUrl.hostname, Number(pgUrl.port || 5432)))) missing.push(`PostgreSQL at ${pgUrl.host}`);
  if (!(await answers(natsUrl.hostname, Number(natsUrl.port || 4222)))) missing.push(`NATS at ${natsUrl.host}`);
  if (!(await answers(redisUrl.hostname, Number(redisUrl.port || 6379)))) missing.push(`Redis at ${redisUrl.host}`);
  if (missing.length === 0) {
    openLedger('distributed');
    const template = await createTemplateDatabase(process.env.E2E_PG_ADMIN_URL);
    if (template) process.env.E2E_PG_TEMPLATE = template;
    return;
  }
  if (process.env.E2E_DISTRIBUTED === 'required') {
    throw new Error(`E2E_DISTRIBUTED=required but ${missing.join(' and ')} did not answer`);
  }
  process.env.E2E_DISTRIBUTED_SKIP = `${missing.join(' and ')} did not answer`;
  process.stdout.write(`\nSkipping the distributed suite: ${process.env.E2E_DISTRIBUTED_SKIP}\n`);
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
