/**
 * What a deployment must give each app: the settings classes the apps validate their environment
 * with at start, and the Secret command docs/kubernetes.md documents. The deploy checks feed the
 * values a manifest renders to the app's own validation, so a key that is missing or malformed
 * (a base64 key of the wrong length) fails here rather than in a crash-looping pod.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { ClassConstructor } from 'class-transformer';
import { loadEnv } from '@app/config';
import type { AppName } from '@app/contracts';
import { BillingEnv } from '../../apps/billing/src/config/billing.env';
import { CatalogueEnv } from '../../apps/catalogue/src/config/catalogue.env';
import { DecisionEnv } from '../../apps/decision/src/config/decision.env';
import { GatewayEnv } from '../../apps/gateway/src/config/gateway.env';
import { LeadsEnv } from '../../apps/leads/src/config/leads.env';
import { NotificationEnv } from '../../apps/notification/src/config/notification.env';

const ROOT = join(__dirname, '..', '..');

const SETTINGS: Record<AppName, ClassConstructor<object>> = {
  gateway: GatewayEnv,
  decision: DecisionEnv,
  catalogue: CatalogueEnv,
  leads: LeadsEnv,
  billing: BillingEnv,
  notification: NotificationEnv,
};

/** The app's start-up validation of `env`: the problems it would stop on, none when it starts. */
export function settingsProblems(app: AppName, env: Record<string, string>): string[] {
  try {
    loadEnv(SETTINGS[app], env);
    return [];
  } catch (err) {
    return (err as { problems?: string[] }).problems ?? [String(err)];
  }
}

/** The keys the documented `kubectl create secret generic pdp-secrets` command sets. */
export function documentedSecretKeys(): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'kubernetes.md'), 'utf8');
  const block = /<!-- secret-command[^>]*-->\s*```bash\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/kubernetes.md has no secret-command block');
  return [...block.matchAll(/--from-literal=([A-Z0-9_]+)=/g)].map((match) => match[1]);
}

/** The keys the docs/kubernetes.md table of the Secret names, optional ones included. */
export function documentedSecretTable(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'kubernetes.md'), 'utf8');
  return /## The Secret\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
}
