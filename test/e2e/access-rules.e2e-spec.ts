import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { loadEnv } from '@app/config';
import { createStandaloneApp } from '../../apps/standalone/src/standalone-app';
import { StandaloneEnv } from '../../apps/standalone/src/standalone.env';
import { ACCESS_RULE } from '../../apps/gateway/src/identity/access/access.decorators';
import type { AccessRule } from '../../apps/gateway/src/identity/access/access.decorators';
import { freshDatabase } from '../harness/databases';
import type { FreshDatabase } from '../harness/databases';
import { describeStandalone } from '../harness/mode';

interface Route {
  route: string;
  rule: AccessRule | undefined;
}

/** Every HTTP route of the whole platform, with the access rule it declares (or none). */
async function allRoutes(): Promise<{ routes: Route[]; close: () => Promise<void> }> {
  const db: FreshDatabase = await freshDatabase();
  Object.assign(process.env, { LOG_LEVEL: 'error', PORT: '0', JWT_SIGNING_KEYS: `rules:${'k'.repeat(48)}` });
  const app = await createStandaloneApp(loadEnv(StandaloneEnv), db.url);
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const prefix = (Reflect.getMetadata(PATH_METADATA, metatype) as string | undefined) ?? '';
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
      const handler = (instance as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue; // a message handler or a helper, not an HTTP route
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      routes.push({
        route: `${method} /${[prefix, path].filter((p) => p && p !== '/').join('/')}`,
        rule: reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [handler, metatype]),
      });
    }
  }
  return {
    routes,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

describeStandalone('access rules', () => {
  it('should declare who may call it on every HTTP route of every app', async () => {
    const { routes, close } = await allRoutes();
    try {
      expect(routes.map((r) => r.route)).toEqual(
        expect.arrayContaining(['GET /health/live', 'GET /health/services/:service']),
      );
      const undeclared = routes.filter((r) => r.rule === undefined).map((r) => r.route);
      expect(undeclared).toEqual([]);
    } finally {
      await close();
    }
  });
});
