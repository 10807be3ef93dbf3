import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Standalone needs no set-up, so when JWT_SIGNING_KEYS is unset it makes a signing key
 * once and keeps it in DATA_DIR (mode 0600): logins survive a restart.
 */
export function ensureSigningKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  if (env.JWT_SIGNING_KEYS) return;
  const file = path.join(dataDir, 'jwt-signing.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `standalone-1:${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  }
  env.JWT_SIGNING_KEYS = fs.readFileSync(file, 'utf8').trim();
}
