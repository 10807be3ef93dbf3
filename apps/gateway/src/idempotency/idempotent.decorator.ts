import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IdempotencyKeyHeader } from '../http/idempotency-key';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IDEMPOTENT } from './idempotent-options';
import type { IdempotentOptions } from './idempotent-options';

/**
 * A POST that creates something honours `Idempotency-Key` (docs/api.md): IdempotencyInterceptor
 * does the work; this marks the route, mounts the interceptor on it (on this route only: a global
 * interceptor would put every other request through an Observable chain for nothing) and documents
 * the header and the 422.
 */
export const Idempotent = (options: IdempotentOptions = { body: 'json' }) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, options),
    UseInterceptors(IdempotencyInterceptor),
    IdempotencyKeyHeader(
      'Optional. A retry with the same key and the same request within 24 hours answers the first success again ' +
        '(same status, same bytes, header `Idempotent-Replayed: true`) and creates or charges nothing; sent while ' +
        'the first is still running, it waits for that answer. An error answer is not kept: a retry runs again.',
    ),
    ApiUnprocessableEntityResponse({
      description: '`idempotency_key_reused`: this Idempotency-Key was used for another request (another body)',
    }),
  );
