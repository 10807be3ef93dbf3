/** The metadata key `@Idempotent()` sets on a route handler; IdempotencyInterceptor reads it. */
export const IDEMPOTENT = Symbol('IDEMPOTENT');

export interface IdempotentOptions {
  /** `json` (default): the parsed body; `upload`: the uploaded file's bytes (the route calls claimUpload). */
  body: 'json' | 'upload';
}
