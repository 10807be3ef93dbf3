// The standalone platform from the build, in a process of its own, exactly as a test file used to
// start it in-process (test/harness/platform.ts, startStandalone): on DATABASE_URL, with no demo
// and no generated local secrets, its configuration from the environment. Files that share one
// (sharedPlatform) then no longer load and boot the whole application each. Prints nothing; the
// harness waits for /v1/health/ready. SIGTERM closes it gracefully.
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = (file) => require(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', file));

require('reflect-metadata');
// The instance the build's modules load (an ES import of it would be another copy of the class).
const { Logger } = require('nestjs-pino');
const { loadEnv } = dist('libs/config/src/index.js');
const { closeGracefullyOnSignals } = dist('libs/platform/src/index.js');
const { createStandaloneApp } = dist('apps/standalone/src/standalone-app.js');
const { StandaloneEnv } = dist('apps/standalone/src/standalone.env.js');

const env = loadEnv(StandaloneEnv);
const app = await createStandaloneApp(env, process.env.DATABASE_URL);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
closeGracefullyOnSignals(app, app.get(Logger), env.SHUTDOWN_TIMEOUT_MS);
