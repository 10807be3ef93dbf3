import { describeStandalone } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { listHttpRoutes } from '../harness/routes';

describeStandalone('access rules', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });

  afterAll(() => platform?.close());

  it('should declare who may call it on every HTTP route of every app', () => {
    const routes = listHttpRoutes(platform.app!).map((r) => ({ route: `${r.method} ${r.path}`, declared: !!r.rule }));
    expect(routes.map((r) => r.route)).toEqual(
      expect.arrayContaining([
        'GET /v1/health/live',
        'GET /v1/health/services/:service',
        'GET /v1/projects/:id',
        'GET /v1/public/projects/:id',
      ]),
    );
    expect(routes.filter((r) => !r.declared).map((r) => r.route)).toEqual([]);
  });
});
