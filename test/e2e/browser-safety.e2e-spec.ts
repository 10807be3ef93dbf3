import request from 'supertest';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const ALLOWED = 'https://app.example.sa';

describeE2e('security headers and CORS', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({ env: { CORS_ORIGINS: `${ALLOWED}, https://admin.example.ae` } });
  });

  afterAll(() => platform.close());

  it('should forbid sniffing, framing and every source when a JSON route answers', async () => {
    for (const path of ['/v1/health/live', '/v1/no-such-route']) {
      const res = await request(platform.baseUrl).get(path);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('should let the docs page load only its own scripts when /docs is served', async () => {
    const res = await request(platform.baseUrl).get('/docs').redirects(1).expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should answer a preflight from an allowed origin when it is in CORS_ORIGINS', async () => {
    const res = await request(platform.baseUrl)
      .options('/v1/decisions')
      .set('origin', ALLOWED)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'authorization, content-type, idempotency-key');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-headers']).toContain('idempotency-key');
  });

  it('should give no CORS grant when the origin is not in CORS_ORIGINS', async () => {
    const preflight = await request(platform.baseUrl)
      .options('/v1/decisions')
      .set('origin', 'https://evil.example.com')
      .set('access-control-request-method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await request(platform.baseUrl).get('/v1/health/live').set('origin', 'https://evil.example.com');
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});
