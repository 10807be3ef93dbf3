// Tracing first, before anything loads pg.
import './tracing';
import path from 'node:path';
import { Logger } from 'nestjs-pino';
import { APP_RUNTIME } from '@app/contracts';
import { loadEnv, publicUrlOf } from '@app/config';
import { startEmbeddedPostgres } from '@app/database';
import { MetricsEndpoint, closeGracefullyOnSignals, exitOnStartupError, releaseStartupMemory } from '@app/platform';
import { runDemoSeed } from './demo-seed';
import { gazetteerHint } from './gazetteer-hint';
import { standaloneMail } from './mail-dir';
import { createStandaloneApp } from './standalone-app';
import { ensureInvitationTokenKey, ensureSigningKey, ensureVapidKeys, ensureWebhookKey } from './local-secrets';
import { StandaloneEnv } from './standalone.env';

/** `npm start`: the whole platform in one process on an embedded PostgreSQL in DATA_DIR. */
async function bootstrap(): Promise<void> {
  const env = loadEnv(StandaloneEnv);
  ensureSigningKey(env.DATA_DIR);
  ensureWebhookKey(env.DATA_DIR);
  ensureInvitationTokenKey(env.DATA_DIR);
  ensureVapidKeys(env.DATA_DIR);
  const mail = standaloneMail(env.DATA_DIR);
  // The decision service reads its own configuration: demo transactions follow DEMO_SEED unless set.
  if (!process.env.DEMO_TRANSACTIONS?.trim()) process.env.DEMO_TRANSACTIONS = String(env.DEMO_SEED);
  // The demo buys packs without money (manual provider) unless a real provider is configured.
  if (env.DEMO_SEED && !process.env.PAYMENTS_PROVIDER?.trim()) {
    process.env.PAYMENTS_PROVIDER = 'manual';
    process.env.PAYMENTS_ALLOW_MANUAL = 'true';
  }
  const port = env.PORT ?? APP_RUNTIME.gateway.port;
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, created: false, stop: () => Promise.resolve() }
    : await startEmbeddedPostgres({ dataDir: env.DATA_DIR });
  const cluster = 'clusterDir' in database ? database.clusterDir : '';
  try {
    const app = await createStandaloneApp(env, database.url);
    // Migrations run on init; the demo is in place before the first request is answered.
    await app.init();
    const base = publicUrlOf(env.PUBLIC_URL, port);
    const demo = env.DEMO_SEED
      ? await runDemoSeed(app, env.DATA_DIR, [new URL(base).origin, `http://127.0.0.1:${port}`])
      : [];
    const places = await gazetteerHint(database.url);
    await app.listen({ port, host: '0.0.0.0' });
    releaseStartupMemory();
    const logger = app.get(Logger);
    closeGracefullyOnSignals(app, logger, env.SHUTDOWN_TIMEOUT_MS, async () => {
      await database.stop();
      process.stdout.write('Stopped; the database is shut down.\n');
    });
    const keptApart = cluster && !cluster.startsWith(path.resolve(env.DATA_DIR)) ? `; cluster in ${cluster}` : '';
    const where = env.DATABASE_URL
      ? 'DATABASE_URL'
      : `${env.DATA_DIR} (${database.created ? 'created' : 'reused'}${keptApart})`;
    process.stdout.write(
      [
        '',
        'Property decision platform is running (standalone).',
        `  Gateway  ${base}/v1`,
        `  Docs     ${base}/docs   (OpenAPI: ${base}/openapi.json)`,
        `  Health   ${base}/v1/health/ready`,
        `  Metrics  http://localhost:${app.get(MetricsEndpoint, { strict: false }).port}/metrics   (internal port, METRICS_PORT)`,
        `  Database ${where}`,
        mail,
        ...places,
        ...demo,
        'Press Ctrl-C to stop.',
        '',
      ].join('\n') + '\n',
    );
  } catch (err) {
    await database.stop();
    throw err;
  }
}

bootstrap().catch(exitOnStartupError);
