import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import type { NestInterceptor, Type } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { BodyEtagInterceptor } from './body-etag.interceptor';
import { CACHE_POLICY } from './cache-policy';
import type { CachePolicy } from './cache-policy';

/** The OpenAPI extension `documentConditionalGets` turns into headers and a 304 answer. */
export const CONDITIONAL_GET_EXTENSION = 'x-conditional-get';

/**
 * A GET answered with an `ETag` and the policy's `Cache-Control` (and `Vary`); `If-None-Match`
 * with the current tag answers 304 with no body. The interceptor says where the tag comes from:
 * by default the answer's content.
 */
export function ConditionalGet(
  policy: CachePolicy,
  interceptor: Type<NestInterceptor> = BodyEtagInterceptor,
): MethodDecorator {
  return applyDecorators(
    SetMetadata(CACHE_POLICY, policy),
    UseInterceptors(interceptor),
    ApiExtension(CONDITIONAL_GET_EXTENSION, { ...policy }),
  );
}
