import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { freshDatabase, withClient } from '../harness/databases';
import type { FreshDatabase } from '../harness/databases';
import { describeStandalone } from '../harness/mode';
import { freePort, run, waitForHttp200 } from '../harness/processes';
import type { RunningProcess } from '../harness/processes';

const MAIN = path.join(__dirname, '..', '..', 'dist', 'apps', 'standalone', 'src', 'main.js');
const KEY = /sk-[A-Za-z0-9_-]{43}/g;
const DEMO_EMAILS = [
  'demo.owner@example.com',
  'demo.admin@example.com',
  'demo.agent@example.com',
  'demo.moderator@example.com',
];

/** Starts `npm start`'s entry point and waits for its banner (printed after the demo seed). */
async function start(dataDir: string, databaseUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const proc = run(MAIN, {
    PORT: String(port),
    METRICS_PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...env,
  });
  await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, proc);
  const deadline = Date.now() + 30_000;
  while (!proc.output().includes('Press Ctrl-C to stop.')) {
    if (Date.now() > deadline || proc.child.exitCode !== null) throw new Error(`No banner:\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { proc, baseUrl: `http://127.0.0.1:${port}` };
}

async function stop(proc: RunningProcess): Promise<void> {
  proc.child.kill('SIGTERM');
  expect(await proc.exited).toBe(0);
}

async function demoRows(databaseUrl: string): Promise<{ workspaces: number; accounts: number; keys: number }> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ workspaces: number; accounts: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM identity.workspaces WHERE name = 'Demo Realty — عقارات تجريبية') AS workspaces,
              (SELECT count(*)::int FROM identity.accounts WHERE email_normalized = ANY($1::text[])) AS accounts,
              (SELECT count(*)::int FROM identity.api_keys k JOIN identity.workspaces w ON w.id = k.workspace_id
                WHERE w.name = 'Demo Realty — عقارات تجريبية') AS keys`,
      [DEMO_EMAILS],
    );
    return rows[0];
  });
}

describeStandalone('demo seed (DEMO_SEED)', () => {
  const dataDirs: string[] = [];
  const databases: FreshDatabase[] = [];

  function freshDataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-demo-'));
    fs.chmodSync(dir, 0o755);
    dataDirs.push(dir);
    return dir;
  }

  async function database(): Promise<FreshDatabase> {
    const db = await freshDatabase();
    databases.push(db);
    return db;
  }

  afterAll(async () => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    for (const db of databases) await db.drop();
  });

  it('should create the demo workspace once, save and print its key, and reuse it when started again', async () => {
    const dataDir = freshDataDir();
    const db = await database();
    const file = path.join(dataDir, 'demo-credentials.json');

    const first = await start(dataDir, db.url);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    // The first call after the banner already finds the demo's decisions (DEMO_DECISIONS, not the
    // FREE_DECISIONS of other new workspaces): granted before the key is printed, not later by the event.
    const balance = await request(first.baseUrl)
      .get('/v1/workspace/balance')
      .set('authorization', `Bearer ${saved.api_key}`)
      .expect(200);
    expect(balance.body.decisions).toBe(100);
    // A buyer finds a published demo catalogue in four cities, in both languages.
    const catalogue = await request(first.baseUrl).get('/v1/properties').query({ limit: 50 }).expect(200);
    expect(catalogue.body.count).toBe(50);
    const cities = new Set<string>();
    const properties: { id: string; district_en: string; image_urls: string[] }[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await request(first.baseUrl).get('/v1/properties').query({ limit: 50, offset }).expect(200);
      for (const item of page.body.properties as { city_en: string; title_ar: string }[]) {
        cities.add(item.city_en);
        expect(item.title_ar).toMatch(/[\u0600-\u06FF]/);
      }
      properties.push(...page.body.properties);
      if (page.body.count < 50) {
        expect(offset + page.body.count).toBeGreaterThanOrEqual(60);
        break;
      }
    }
    expect([...cities].sort()).toEqual(['Dammam', 'Dubai', 'Jeddah', 'Riyadh']);
    // Every demo listing has a picture of its own, stored and served like an upload; with PORT
    // set and no PUBLIC_URL, its URL follows PORT (as the OpenAPI document's server does).
    const gatewayPort = new URL(first.baseUrl).port;
    const pictures = new Set<string>();
    for (const property of properties) {
      expect(property.image_urls).toHaveLength(1);
      const url = new URL(property.image_urls[0]);
      expect(url.origin).toBe(`http://localhost:${gatewayPort}`);
      const image = await request(first.baseUrl)
        .get(url.pathname)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(image.headers['content-type']).toBe('image/webp');
      pictures.add(
        createHash('sha256')
          .update(image.body as Buffer)
          .digest('hex'),
      );
    }
    expect(pictures.size).toBe(properties.length);
    const openapi = await request(first.baseUrl).get('/openapi.json').expect(200);
    expect(openapi.body.servers).toEqual([expect.objectContaining({ url: `http://localhost:${gatewayPort}` })]);
    // Hittin's gazetteer name is "حي حطين": its bullets name the district once.
    const hittin = properties.find((property) => property.district_en === 'Hittin');
    const detail = await request(first.baseUrl).get(`/v1/properties/${hittin?.id}`).expect(200);
    expect(detail.body.ai_bullets_ar[1]).toBe('في حي حطين، الرياض');
    const dubai = await request(first.baseUrl).get('/v1/properties').query({ city: 'دبي', limit: 1 }).expect(200);
    expect(dubai.body.properties[0]).toMatchObject({ city_en: 'Dubai', currency: 'AED' });
    // Its listings open for viewings on Sunday and Wednesday afternoons, on each listing's own clock.
    const viewing = await request(first.baseUrl)
      .get(`/v1/properties/${dubai.body.properties[0].id}/availability`)
      .expect(200);
    expect(viewing.body.slots.length).toBeGreaterThanOrEqual(3);
    for (const slot of viewing.body.slots as { local_time: string }[])
      expect(slot.local_time).toMatch(/T17:00:00\+04:00$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(saved.api_key).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
    expect(saved.logins).toEqual([
      { email: 'demo.owner@example.com', password: expect.any(String), role: 'owner' },
      { email: 'demo.admin@example.com', password: expect.any(String), role: 'admin' },
      { email: 'demo.agent@example.com', password: expect.any(String), role: 'agent' },
      { email: 'demo.moderator@example.com', password: expect.any(String), role: 'moderator' },
      { email: 'demo.developer@example.com', password: expect.any(String), role: 'owner' },
    ]);
    expect(first.proc.output()).toContain(`  API key  ${saved.api_key} (demo workspace; saved in ${file})`);
    for (const login of saved.logins) expect(first.proc.output()).toContain(login.email);
    expect(await demoRows(db.url)).toEqual({ workspaces: 1, accounts: 4, keys: 1 });
    const unverified = await withClient(db.url, (client) =>
      client.query(
        `SELECT 1 FROM identity.accounts WHERE email_normalized = ANY($1::text[]) AND email_verified_at IS NULL`,
        [DEMO_EMAILS],
      ),
    );
    expect(unverified.rows).toEqual([]); // the demo accounts are verified

    // The developer demo: a project with units, a knowledge base, and a chat widget the gateway's
    // own /widget-demo page embeds; the banner links it and the assistant answers from the knowledge base.
    const port = new URL(first.baseUrl).port;
    expect(first.proc.output()).toContain(
      `  Widget   http://localhost:${port}/widget-demo?widget=${saved.widget_id}  (the developer demo's chat)`,
    );
    const developer = (
      await request(first.baseUrl)
        .post('/v1/auth/login')
        .send({ email: 'demo.developer@example.com', password: saved.logins[4].password })
        .expect(200)
    ).body.access_token as string;
    const projects = await request(first.baseUrl)
      .get('/v1/projects')
      .set('authorization', `Bearer ${developer}`)
      .expect(200);
    expect(projects.body.data).toEqual([
      expect.objectContaining({ name_en: 'Al Noor Residences', name_ar: 'مساكن النور' }),
    ]);
    const demoPage = await request(first.baseUrl).get('/widget-demo').query({ widget: saved.widget_id }).expect(200);
    expect(demoPage.text).toContain(`<script src="/widget.js" data-widget-id="${saved.widget_id}" async></script>`);
    const framed = await request(first.baseUrl).get(`/widget/${saved.widget_id}`).expect(200);
    expect(framed.headers['content-security-policy']).toContain(
      `frame-ancestors http://localhost:${port} http://127.0.0.1:${port}`,
    );
    const visitor = await request(first.baseUrl)
      .post(`/v1/widgets/${saved.widget_id}/sessions`)
      .set('origin', `http://localhost:${port}`)
      .send({ language: 'ar' })
      .expect(201);
    const asVisitor = (call: request.Test) => call.set('authorization', `Bearer ${visitor.body.token}`);
    const sessionPath = `/v1/widget-sessions/${visitor.body.session.id}/messages`;
    await asVisitor(request(first.baseUrl).post(sessionPath)).send({ text: 'ما هي خطة الدفع؟' }).expect(201);
    let replies: { author: string; citations: unknown[] }[] = [];
    for (let attempt = 0; attempt < 100 && replies.length === 0; attempt += 1) {
      const thread = await asVisitor(request(first.baseUrl).get(sessionPath)).expect(200);
      replies = (thread.body.messages as { author: string; citations: unknown[] }[]).filter(
        (message) => message.author === 'assistant',
      );
      if (replies.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(replies[0]?.citations.length).toBeGreaterThan(0);

    // The demo moderator logs in and reaches the moderation queue.
    const moderatorLogin = (saved.logins as { email: string; password: string; role: string }[]).find(
      (login) => login.role === 'moderator',
    )!;
    const moderatorToken = (
      await request(first.baseUrl)
        .post('/v1/auth/login')
        .send({ email: moderatorLogin.email, password: moderatorLogin.password })
        .expect(200)
    ).body.access_token as string;
    await request(first.baseUrl)
      .get('/v1/moderation/listings')
      .set('authorization', `Bearer ${moderatorToken}`)
      .expect(200);

    // The key is recognised as the demo workspace's key.
    const workspace = await request(first.baseUrl).get('/v1/workspace').set('authorization', `Bearer ${saved.api_key}`);
    expect(workspace.status).toBe(200);
    expect(workspace.body).toMatchObject({ object: 'workspace', name: 'Demo Realty — عقارات تجريبية', kind: 'broker' });
    const current = await request(first.baseUrl)
      .get('/v1/workspace/api-keys/current')
      .set('authorization', `Bearer ${saved.api_key}`)
      .expect(200);
    expect(current.body).toMatchObject({ object: 'api_key', label: 'Demo key' });

    // The key acts as the owner (it lists the keys) but cannot issue one: that needs a person.
    await request(first.baseUrl)
      .get('/v1/workspace/api-keys')
      .set('authorization', `Bearer ${saved.api_key}`)
      .expect(200);
    const personOnly = await request(first.baseUrl)
      .post('/v1/workspace/api-keys')
      .set('authorization', `Bearer ${saved.api_key}`)
      .send({ label: 'by a key' })
      .expect(403);
    expect(personOnly.body).toMatchObject({ error: 'api_key_not_allowed' });
    await stop(first.proc);

    const second = await start(dataDir, db.url);
    expect(second.proc.output()).toContain(`  API key  ${saved.api_key} (demo workspace; saved in ${file})`);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(saved);
    expect(await demoRows(db.url)).toEqual({ workspaces: 1, accounts: 4, keys: 1 });
    await request(second.baseUrl)
      .get('/v1/workspace/api-keys/current')
      .set('authorization', `Bearer ${saved.api_key}`)
      .expect(200);
    await stop(second.proc);
  }, 180_000); // two starts one after another, each seeding or checking the demo: over 60 s on a busy 2-core runner

  it('should write no demo rows, no file and print no key when DEMO_SEED is false', async () => {
    const dataDir = freshDataDir();
    const db = await database();
    const { proc } = await start(dataDir, db.url, { DEMO_SEED: 'false' });
    expect(proc.output()).not.toMatch(KEY);
    expect(proc.output()).not.toContain('API key');
    expect(fs.existsSync(path.join(dataDir, 'demo-credentials.json'))).toBe(false);
    expect(await demoRows(db.url)).toEqual({ workspaces: 0, accounts: 0, keys: 0 });
    await stop(proc);
  });

  it('should start on its embedded PostgreSQL with the demo when DATA_DIR is fresh', async () => {
    const dataDir = freshDataDir();
    const port = await freePort();
    const proc = run(MAIN, { PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, proc);
    const deadline = Date.now() + 30_000;
    while (!proc.output().includes('Press Ctrl-C to stop.') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
    expect(proc.output()).toContain(`  API key  ${saved.api_key}`);
    await request(`http://127.0.0.1:${port}`)
      .get('/v1/workspace/api-keys/current')
      .set('authorization', `Bearer ${saved.api_key}`)
      .expect(200);
    await stop(proc);
  }, 180_000); // a fresh embedded cluster, then the demo: over 60 s on a busy 2-core runner
});
