import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import webPush from 'web-push';

/**
 * A local run needs no set-up, so a secret the configuration leaves unset is made once and
 * kept in DATA_DIR (mode 0600): it survives restarts. Production sets its own.
 */
function localSecret(dataDir: string, file: string, make: () => string): string {
  const where = path.join(dataDir, file);
  if (!fs.existsSync(where)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(where, `${make()}\n`, { mode: 0o600 });
  }
  return fs.readFileSync(where, 'utf8').trim();
}

/** JWT_SIGNING_KEYS: logins survive a restart. */
export function ensureSigningKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  env.JWT_SIGNING_KEYS ||= localSecret(
    dataDir,
    'jwt-signing.key',
    () => `standalone-1:${randomBytes(48).toString('base64url')}`,
  );
}

/** WEBHOOK_SECRET_KEY: webhook signing secrets stay readable across restarts. */
export function ensureWebhookKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  env.WEBHOOK_SECRET_KEY ||= localSecret(dataDir, 'webhook-secret.key', () => randomBytes(32).toString('base64'));
}

/** INVITATION_TOKEN_KEY: the gateway seals invitation tokens for the notification service's e-mail. */
export function ensureInvitationTokenKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  env.INVITATION_TOKEN_KEY ||= localSecret(dataDir, 'invitation-token.key', () => randomBytes(32).toString('base64'));
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: browsers stay subscribed across restarts. */
export function ensureVapidKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return;
  const [publicKey, privateKey] = localSecret(dataDir, 'vapid.key', () => {
    const keys = webPush.generateVAPIDKeys();
    return `${keys.publicKey} ${keys.privateKey}`;
  }).split(' ');
  env.VAPID_PUBLIC_KEY = publicKey;
  env.VAPID_PRIVATE_KEY = privateKey;
}
