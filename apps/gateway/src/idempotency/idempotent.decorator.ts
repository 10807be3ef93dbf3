import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IdempotencyKeyHeader } from '../http/idempotency-key';

export const IDEMPOTENT = Symbol('IDEMPOTENT');

export interface IdempotentOptions {
  /** `json` (default): the parsed body; `upload`: the uploaded file's bytes (the route calls claimUpload). */
  body: 'json' | 'upload';
}

/**
 * A POST that creates something honours `Idempotency-Key` (docs/api.md): IdempotencyInterceptor
 * does the work; this marks the route and documents the header and the 422.
 */
export const Idempotent = (options: IdempotentOptions = { body: 'json' }) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, options),
    IdempotencyKeyHeader(
      'Optional. A retry with the same key and the same request within 24 hours answers the first success again ' +
        '(same status, same bytes, header `Idempotent-Replayed: true`) and creates or charges nothing; sent while ' +
        'the first is still running, it waits for that answer. An error answer is not kept: a retry runs again.',
    ),
    ApiUnprocessableEntityResponse({
      description: '`idempotency_key_reused`: this Idempotency-Key was used for another request (another body)',
    }),
  );
