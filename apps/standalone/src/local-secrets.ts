import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A local run needs no set-up, so a secret the configuration leaves unset is made once and
 * kept in DATA_DIR (mode 0600): it survives restarts. Production sets its own.
 */
function ensureLocalSecret(
  dataDir: string,
  file: string,
  name: string,
  make: () => string,
  env: NodeJS.ProcessEnv,
): void {
  if (env[name]) return;
  const where = path.join(dataDir, file);
  if (!fs.existsSync(where)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(where, `${make()}\n`, { mode: 0o600 });
  }
  env[name] = fs.readFileSync(where, 'utf8').trim();
}

/** JWT_SIGNING_KEYS: logins survive a restart. */
export function ensureSigningKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  ensureLocalSecret(
    dataDir,
    'jwt-signing.key',
    'JWT_SIGNING_KEYS',
    () => `standalone-1:${randomBytes(48).toString('base64url')}`,
    env,
  );
}

/** WEBHOOK_SECRET_KEY: webhook signing secrets stay readable across restarts. */
export function ensureWebhookKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  ensureLocalSecret(dataDir, 'webhook-secret.key', 'WEBHOOK_SECRET_KEY', () => randomBytes(32).toString('base64'), env);
}
