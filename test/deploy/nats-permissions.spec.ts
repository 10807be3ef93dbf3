/**
 * The NATS permission table (TRANSPORT_PERMISSIONS) against the code it describes, and the
 * generated server configuration (`npm run nats:config`) against the table.
 */
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import * as contracts from '@app/contracts';
import { APP_NAMES, TRANSPORT_PERMISSIONS, natsPasswordKey } from '@app/contracts';
import type { AppName } from '@app/contracts';
import { natsHelmValues, natsPermissionsOf, natsUsers, renderNatsAuthorization } from '@app/messaging';
import { renderKustomization } from './kustomize';

const ROOT = join(__dirname, '..', '..');

function sourcesOf(app: AppName): string {
  const dir = join(ROOT, 'apps', app, 'src');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
}

/** A contracts constant's value, or the quoted literal itself. */
function valueOf(token: string): string {
  if (/^'.*'$/.test(token)) return token.slice(1, -1);
  const value = (contracts as Record<string, unknown>)[token];
  if (typeof value !== 'string') throw new Error(`${token} is not a string constant of @app/contracts`);
  return value;
}

/** The pattern of a contracts descriptor (`LeadsRpc.createInquiry`). */
function patternOf(group: string, member: string): string {
  const descriptor = (contracts as unknown as Record<string, Record<string, { pattern?: unknown }> | undefined>)[
    group
  ]?.[member];
  if (typeof descriptor?.pattern !== 'string')
    throw new Error(`${group}.${member} is not a descriptor of @app/contracts`);
  return descriptor.pattern;
}

/** The service token of each pattern the app calls (`rpc.call(LeadsRpc.createInquiry, …)`). */
function servicesCalledBy(app: AppName): string[] {
  const calls = sourcesOf(app).matchAll(/rpc\.call\(\s*([A-Za-z]+Rpc)\.(\w+)/g);
  return [...new Set([...calls].map(([, group, member]) => patternOf(group, member).split('.')[1]))].sort();
}

/** The subjects of the app's `@OnEvent` handlers. */
function subjectsConsumedBy(app: AppName): string[] {
  const handlers = sourcesOf(app).matchAll(/@OnEvent\(\{\s*subject:\s*([A-Z0-9_]+|'[^']+')/g);
  return [...new Set([...handlers].map(([, token]) => valueOf(token)))].sort();
}

const ownerOf = (service: string) => APP_NAMES.find((app) => TRANSPORT_PERMISSIONS[app].owns === service);

describe('TRANSPORT_PERMISSIONS against the code', () => {
  it.each(APP_NAMES)('should let %s call exactly the services its RPC clients send to', (app) => {
    const granted = APP_NAMES.filter((callee) => TRANSPORT_PERMISSIONS[callee].calledBy.includes(app)).map(
      (callee) => TRANSPORT_PERMISSIONS[callee].owns,
    );
    const called = servicesCalledBy(app).filter((service) => ownerOf(service) !== app);
    expect(granted.sort()).toEqual(called);
  });

  it.each(APP_NAMES)('should let %s consume exactly the subjects its event consumers read', (app) => {
    expect([...TRANSPORT_PERMISSIONS[app].consumes].sort()).toEqual(subjectsConsumedBy(app));
  });

  it('should take billing requests from the gateway, decision and leads only, as the design allows', () => {
    const senders = natsUsers()
      .filter((user) => user.permissions.publish.includes('rpc.billing.>'))
      .map((user) => user.user);
    expect(senders.sort()).toEqual(['decision', 'gateway', 'leads']);
    expect(natsPermissionsOf('billing').subscribe).toContain('rpc.billing.>');
  });

  it('should put every subject and stream in the namespace when one is set', () => {
    const { publish, subscribe } = natsPermissionsOf('leads', 'staging');
    expect(publish).toContain('staging.rpc.billing.>');
    expect(publish).toContain('$JS.API.STREAM.CREATE.staging_EVENTS_LEADS');
    expect(publish).toContain('$JS.API.CONSUMER.CREATE.staging_EVENTS_BILLING.*.staging.billing.lead-credits.added.v1');
    expect(subscribe).toEqual(['staging.rpc.leads.>', '_INBOX.>']);
  });
});

describe('the generated NATS configuration (npm run nats:config)', () => {
  it('should be committed as generated in deploy/nats/authorization.conf', () => {
    expect(readFileSync(join(ROOT, 'deploy', 'nats', 'authorization.conf'), 'utf8')).toBe(renderNatsAuthorization());
  });

  it('should be committed as generated in deploy/nats/helm-values.yaml', () => {
    expect(parse(readFileSync(join(ROOT, 'deploy', 'nats', 'helm-values.yaml'), 'utf8'))).toEqual(natsHelmValues());
  });

  it('should run the local overlay’s NATS with it', () => {
    const objects = renderKustomization<{
      kind: string;
      metadata: { name: string };
      data?: Record<string, string>;
      spec?: { template?: { spec?: { containers?: { name: string; args?: string[] }[] } } };
    }>('overlays/local');
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('nats-authorization'));
    expect(config?.data?.['authorization.conf']).toBe(renderNatsAuthorization());
    const nats = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats');
    expect(nats?.spec?.template?.spec?.containers?.[0].args).toEqual(
      expect.arrayContaining(['-c', '/etc/nats/authorization.conf']),
    );
  });

  it('should run docker-compose’s NATS with it, each app as its own user with the password NATS knows it by', () => {
    type Service = { command?: string[]; volumes?: string[]; environment?: Record<string, string> };
    const { services } = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, Service>;
    };
    expect(services.nats.command).toEqual(expect.arrayContaining(['-c', '/etc/nats/authorization.conf']));
    expect(services.nats.volumes).toContain('./deploy/nats/authorization.conf:/etc/nats/authorization.conf:ro');
    for (const app of APP_NAMES) {
      expect(services[app].environment).toMatchObject({
        NATS_USER: app,
        NATS_PASSWORD: services.nats.environment?.[natsPasswordKey(app)],
      });
    }
  });
});
