import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { parser } from '@prometheus-io/lezer-promql';
import { describeE2e, e2eMode } from '../harness/mode';
import { createApiKey, createMember } from '../harness/identity-fixtures';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { scrapeAll, seriesNames, total } from '../harness/prometheus-text';
import type { Exposition } from '../harness/prometheus-text';

const DASHBOARD = path.join(__dirname, '..', '..', 'deploy', 'grafana', 'property-platform.json');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The metric names a PromQL expression reads (its vector selectors), parsed with Prometheus's own grammar. */
function metricNamesIn(expr: string): string[] {
  const tree = parser.parse(expr);
  const names: string[] = [];
  let error = false;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) error = true;
      if (node.name === 'VectorSelector') {
        const identifier = node.node.getChild('Identifier');
        if (identifier) names.push(expr.slice(identifier.from, identifier.to));
      }
    },
  });
  if (error) throw new Error(`Not valid PromQL: ${expr}`);
  return names;
}

/** Every `expr` in the dashboard's panels (and rows' panels), with the panel title. */
function dashboardQueries(dashboard: { panels?: unknown[] }): { panel: string; expr: string }[] {
  const queries: { panel: string; expr: string }[] = [];
  const visit = (panels: unknown[] = []) => {
    for (const panel of panels as { title?: string; targets?: { expr?: string }[]; panels?: unknown[] }[]) {
      for (const target of panel.targets ?? [])
        if (target.expr) queries.push({ panel: panel.title ?? '', expr: target.expr });
      visit(panel.panels);
    }
  };
  visit(dashboard.panels);
  return queries;
}

describeE2e('Prometheus metrics', () => {
  let platform: Platform;
  let key: string;
  let urls: string[];
  const scrape = (): Promise<Exposition> => scrapeAll(urls);

  beforeAll(async () => {
    platform = await sharedPlatform();
    const owner = await createMember(platform, { role: 'owner' });
    key = await createApiKey(platform, owner.workspaceId, owner.accountId);
    urls = Object.values(platform.metricsUrls);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('should serve /metrics from every process: one internal port in standalone, the gateway port and each health port in distributed', () => {
    const apps = Object.keys(platform.metricsUrls).sort();
    expect(apps).toEqual(
      e2eMode === 'standalone'
        ? ['standalone']
        : ['billing', 'catalogue', 'decision', 'gateway', 'leads', 'notification'],
    );
  });

  it('should not serve /metrics on the public listener', async () => {
    for (const route of ['/metrics', '/v1/metrics']) {
      const res = await fetch(`${platform.gatewayUrl}${route}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('# TYPE');
    }
  });

  it('should count HTTP requests by route template, method and status, never by raw path', async () => {
    const missing = randomUUID();
    const before = await scrape();
    for (let i = 0; i < 3; i++)
      await request(platform.baseUrl)
        .get('/v1/locations')
        .query({ city: 'الرياض' })
        .set('authorization', `Bearer ${key}`)
        .expect(200);
    await request(platform.baseUrl).get(`/v1/properties/${missing}`).expect(404);
    await request(platform.gatewayUrl).get(`/v1/no-such-route/${missing}`).expect(404);
    // The OAuth server is middleware, not a route: labelled with its mount.
    const oauth = await request(platform.gatewayUrl).get(`/oauth/no-such-page/${missing}`);
    const after = await scrape();

    const delta = (labels: Record<string, string>) =>
      total(after, 'http_requests_total', labels) - total(before, 'http_requests_total', labels);
    expect(delta({ route: '/v1/locations', method: 'GET', status: '200' })).toBe(3);
    expect(delta({ route: '/v1/properties/:id', method: 'GET', status: '404' })).toBe(1);
    expect(delta({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(delta({ route: '/oauth/*', method: 'GET', status: String(oauth.status) })).toBe(1);
    const timed = (s: typeof after) =>
      total(s, 'http_request_duration_seconds_count', { route: '/v1/locations', method: 'GET', status: '200' });
    expect(timed(after) - timed(before)).toBe(3);
    const fastest = after.samples.find(
      (s) =>
        s.name === 'http_request_duration_seconds_bucket' &&
        s.labels.route === '/v1/locations' &&
        s.labels.le === '+Inf',
    );
    expect(fastest?.value).toBeGreaterThanOrEqual(3);

    const routes = new Set(after.samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route));
    expect([...routes].filter((route) => route.includes(missing) || route.includes('no-such-route'))).toEqual([]);
  });

  it('should count RPC calls by pattern and outcome on both sides, with their latency', async () => {
    const before = await scrape();
    await request(platform.baseUrl)
      .get('/v1/locations')
      .query({ city: 'Riyadh' })
      .set('authorization', `Bearer ${key}`)
      .expect(200);
    await request(platform.baseUrl).get(`/v1/properties/${randomUUID()}`).expect(404);
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels);
    const search = { service: 'decision', pattern: 'rpc.decision.locations.search.v1', outcome: 'ok' };
    expect(delta('rpc_client_requests_total', search)).toBe(1);
    expect(delta('rpc_server_requests_total', search)).toBe(1);
    expect(delta('rpc_client_request_duration_seconds_count', search)).toBe(1);
    expect(delta('rpc_server_request_duration_seconds_count', search)).toBe(1);
    // A 404 from the service is the caller's mistake, not a fault: client_error, not server_error.
    const notFound = { service: 'catalogue', pattern: 'rpc.catalogue.properties.get.v1', outcome: 'client_error' };
    expect(delta('rpc_client_requests_total', notFound)).toBe(1);
    expect(delta('rpc_server_requests_total', notFound)).toBe(1);
  });

  it('should count event deliveries per durable consumer and report each consumer’s lag', async () => {
    const before = await scrape();
    // A broker signing up creates a workspace: billing's consumers grant its welcome decisions and lead plan.
    await request(platform.baseUrl)
      .post('/v1/accounts')
      .send({
        email: `metrics-${randomUUID()}@example.com`,
        password: 'a-long-password-1',
        name: 'ليلى القحطاني',
        role: 'broker',
        broker_kind: 'individual',
      })
      .expect(201);
    const settled = { consumer: 'billing-welcome-grant', outcome: 'settled' };
    let after = await scrape();
    for (
      let i = 0;
      i < 100 && total(after, 'event_deliveries_total', settled) === total(before, 'event_deliveries_total', settled);
      i++
    ) {
      await sleep(100);
      after = await scrape();
    }
    expect(total(after, 'event_deliveries_total', settled) - total(before, 'event_deliveries_total', settled)).toBe(1);
    expect(
      total(after, 'event_delivery_duration_seconds_count', { consumer: 'billing-welcome-grant' }),
    ).toBeGreaterThan(0);

    const lag = after.samples.filter((s) => s.name === 'event_consumer_pending_messages');
    expect(lag.map((s) => s.labels.consumer)).toEqual(
      expect.arrayContaining(['billing-welcome-grant', 'billing-lead-plan', 'notification-leads-notifications']),
    );
    for (const sample of lag) expect(sample.value).toBeGreaterThanOrEqual(0);
    expect(after.types.get('event_redeliveries_total')).toBe('counter');
    expect(after.types.get('event_dead_letters_total')).toBe('counter');
  });

  it('should report each service’s outbox backlog, its oldest unsent event and its database pool', async () => {
    const exposition = await scrape();
    const services = ['identity', 'decision', 'catalogue', 'leads', 'billing', 'notification'];
    const labelled = (name: string) => exposition.samples.filter((s) => s.name === name).map((s) => s.labels.service);
    for (const name of [
      'outbox_pending_events',
      'outbox_oldest_pending_age_seconds',
      'db_pool_waiting_requests',
      'db_pool_max_connections',
    ])
      expect(new Set(labelled(name))).toEqual(new Set(services));
    for (const sample of exposition.samples.filter(
      (s) => s.name.startsWith('outbox_') || s.name.startsWith('db_pool_'),
    ))
      expect(sample.value).toBeGreaterThanOrEqual(0);
    expect(total(exposition, 'db_pool_max_connections', { service: 'decision' })).toBeGreaterThanOrEqual(2);
    const states = exposition.samples.filter(
      (s) => s.name === 'db_pool_connections' && s.labels.service === 'identity',
    );
    expect(states.map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use']);
  });

  it('should expose the process’s memory and event-loop lag with the app label', async () => {
    const exposition = await scrape();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      const samples = exposition.samples.filter((s) => s.name === name);
      expect(samples.map((s) => s.labels.app).sort()).toEqual(Object.keys(platform.metricsUrls).sort());
      for (const sample of samples) expect(sample.value).toBeGreaterThan(0);
    }
  });

  it('should keep every label value bounded: no id, no raw path, no query string', async () => {
    const exposition = await scrape();
    const values = exposition.samples.flatMap((s) =>
      Object.entries(s.labels).map(([label, value]) => `${s.name}{${label}="${value}"}`),
    );
    expect(values.filter((v) => UUID.test(v) || v.includes('?') || /sk-|Bearer/.test(v))).toEqual([]);
    const routes = new Set(exposition.samples.map((s) => s.labels.route).filter((r): r is string => r !== undefined));
    for (const route of routes) expect(route).toMatch(/^(unmatched|\/[A-Za-z0-9/:._*-]*)$/);
  });

  it('should have a Grafana dashboard whose every query parses and reads only metrics the apps expose', async () => {
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { title: string; panels: unknown[] };
    expect(dashboard.title).toBeTruthy();
    const exposed = seriesNames((await scrape()).types);
    const queries = dashboardQueries(dashboard);
    expect(queries.length).toBeGreaterThan(10);
    const unknown = queries.flatMap(({ panel, expr }) =>
      metricNamesIn(expr.replace(/\$__rate_interval|\$__interval/g, '5m').replace(/\$(\w+)/g, '$1'))
        .filter((name) => !exposed.has(name))
        .map((name) => `${panel}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
