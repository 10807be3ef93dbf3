import net from 'node:net';
import request from 'supertest';
import { SERVICE_NAMES } from '@app/contracts';
import { describeDistributed, describeE2e } from '../harness/mode';
import { sharedPlatform, startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeE2e('platform edge', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await sharedPlatform();
  });

  afterAll(() => platform?.close());

  it('should answer live and ready, and report the database and transport up at the dependencies path', async () => {
    await request(platform.baseUrl).get('/v1/health/live').expect(200);
    const ready = await request(platform.baseUrl).get('/v1/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
    const dependencies = await request(platform.baseUrl).get('/v1/health/dependencies').expect(200);
    expect(dependencies.body.status).toBe('ok');
    expect(dependencies.body.details).toMatchObject({ database: { status: 'up' }, transport: { status: 'up' } });
  });

  it('should report every service up in the status view when all run', async () => {
    const res = await request(platform.baseUrl).get('/v1/health/services').expect(200);
    expect(res.body.object).toBe('list');
    expect(res.body.status).toBe('ok');
    expect(res.body.data.map((s: { service: string }) => s.service)).toEqual([...SERVICE_NAMES]);
    for (const service of res.body.data) expect(service).toMatchObject({ status: 'up', database: 'up' });
  });

  it('should answer one service through the transport when asked for it by name', async () => {
    const res = await request(platform.baseUrl).get('/v1/health/services/billing').expect(200);
    expect(res.body).toMatchObject({ service: 'billing', status: 'up', database: 'up' });
  });

  it('should answer 404 not_found when the service name is unknown', async () => {
    const res = await request(platform.baseUrl).get('/v1/health/services/payroll').expect(404);
    expect(res.body).toEqual({
      error: 'not_found',
      message: 'There is no service named "payroll".',
      code: 'NOT_FOUND',
    });
  });

  it('should answer 404 in the error shape when the route does not exist', async () => {
    const res = await request(platform.baseUrl).get('/v1/nope').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'not_found', message: 'No such resource.', code: 'NOT_FOUND' });
  });

  it('should answer 400 invalid_json when the body is broken JSON', async () => {
    const res = await request(platform.baseUrl)
      .post('/v1/health/live')
      .set('content-type', 'application/json')
      .send('{"reasoning": tru')
      .expect(400);
    expect(res.body).toEqual({
      error: 'invalid_json',
      message: 'The request body is not valid JSON.',
      code: 'INVALID_JSON',
    });
  });

  it('should answer 413 payload_too_large when the body exceeds the limit', async () => {
    // Straight to the gateway: it answers before the body is sent, which the checking proxy cannot relay.
    const res = await request(platform.gatewayUrl)
      .post('/v1/health/live')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ notes: 'x'.repeat(1024 * 1024 + 10) }))
      .expect(413);
    expect(res.body).toMatchObject({ error: 'payload_too_large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('should answer 400 invalid_param in the error shape when the request line has raw non-ASCII bytes', async () => {
    // Straight to the gateway over a socket: Node's parser refuses this before any route runs.
    const { hostname, port } = new URL(platform.gatewayUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () =>
        socket.write(Buffer.from('GET /v1/properties?city=جدة HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8')),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      error: 'invalid_param',
      code: 'INVALID_FIELD_TYPE',
    });
  });

  it('should echo X-Request-Id when the caller sends a safe one', async () => {
    const res = await request(platform.baseUrl).get('/v1/health/live').set('x-request-id', 'trace-42.a:b').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-42.a:b');
  });

  it('should generate a uuid request id when none or an unsafe one is sent', async () => {
    const none = await request(platform.baseUrl).get('/v1/nope').expect(404);
    expect(none.headers['x-request-id']).toMatch(UUID);
    const unsafe = await request(platform.baseUrl)
      .get('/v1/health/live')
      .set('x-request-id', 'evil\ttab"quote')
      .expect(200);
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
  });

  it('should serve an OpenAPI 3 document generated from the routes, and the docs page', async () => {
    const doc = await request(platform.baseUrl).get('/openapi.json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/health/live',
        '/v1/health/ready',
        '/v1/health/services',
        '/v1/health/services/{service}',
      ]),
    );
    expect(doc.body.info.description).toContain('invalid_json');
    const docs = await request(platform.baseUrl).get('/docs').expect(200);
    expect(docs.text).toContain('swagger-ui');
  });
});

describeDistributed('a stopped service', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({ env: { RPC_TIMEOUT_MS: '1000' } });
  });

  afterAll(() => platform?.close());

  it('should answer 503 service_unavailable for routes needing it while others work, and recover when restarted', async () => {
    await platform.stopApp('billing');

    const started = Date.now();
    const down = await request(platform.baseUrl).get('/v1/health/services/billing').expect(503);
    const waitedMs = Date.now() - started;
    expect(down.body).toMatchObject({ error: 'service_unavailable', code: 'SERVICE_UNAVAILABLE' });
    expect(down.body.message).toContain('billing');
    expect(waitedMs).toBeLessThan(1000 + 2000); // the configured deadline, not a hang

    await request(platform.baseUrl).get('/v1/health/services/decision').expect(200);
    await request(platform.baseUrl).get('/v1/health/ready').expect(200); // the gateway stays in the load balancer
    const view = await request(platform.baseUrl).get('/v1/health/services').expect(200);
    expect(view.body.status).toBe('degraded');
    expect(view.body.data.find((s: { service: string }) => s.service === 'billing').status).toBe('down');

    await platform.startApp('billing');
    const back = await request(platform.baseUrl).get('/v1/health/services/billing').expect(200);
    expect(back.body).toMatchObject({ service: 'billing', status: 'up' });
  });

  it('should finish an in-flight request when the gateway receives SIGTERM', async () => {
    await platform.stopApp('billing'); // makes the next call wait for the 1 s deadline
    const inFlight = request(platform.baseUrl).get('/v1/health/services/billing');
    const answered = inFlight.then((res) => res);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await platform.stopApp('gateway'); // SIGTERM; resolves when the process has exited
    const res = await answered;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'service_unavailable' });
  });
});
