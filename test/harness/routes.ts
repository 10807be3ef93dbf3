import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_RULE } from '../../apps/gateway/src/identity/access/access.decorators';
import type { AccessRule } from '../../apps/gateway/src/identity/access/access.decorators';

export interface HttpRoute {
  method: keyof typeof RequestMethod;
  /** As served: `/v1/workspace/members/:id` (every controller is URI-versioned, v1). */
  path: string;
  rule: AccessRule | undefined;
}

/** Every HTTP route of a running app, with the access rule it declares (or none). */
export function listHttpRoutes(app: INestApplication): HttpRoute[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: HttpRoute[] = [];
  for (const { instance, metatype } of discovery.getControllers()) {
    if (!instance || !metatype) continue;
    const prefix = (Reflect.getMetadata(PATH_METADATA, metatype) as string | undefined) ?? '';
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
      const handler = (instance as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue; // a message handler or a helper, not an HTTP route
      const method = RequestMethod[
        Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod
      ] as HttpRoute['method'];
      const segments = [prefix, path].map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean);
      routes.push({
        method,
        path: `/v1/${segments.join('/')}`,
        rule: reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [handler, metatype]),
      });
    }
  }
  return routes;
}
