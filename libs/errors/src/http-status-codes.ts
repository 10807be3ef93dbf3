import type { ErrorCode } from './error-registry';

/** The registry code for an HTTP status raised outside our code (framework, Fastify, pipes). */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_param';
    case 401:
      return 'unauthorized';
    case 402:
      return 'insufficient_decisions';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'validation_error';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 400 && status < 500 ? 'invalid_param' : 'internal_error';
  }
}

/** Fastify's own request errors, raised before a route handler runs. */
const FASTIFY_ERROR_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_param',
  // Routing errors, raised before any route matches (a malformed or overlong path segment).
  FST_ERR_BAD_URL: 'invalid_param',
  FST_ERR_MAX_PARAM_LENGTH: 'invalid_param',
};

export function errorCodeForFastifyCode(code: string | undefined): ErrorCode | undefined {
  // Own keys only: `toString` or `constructor` from a client must not match inherited members.
  return code !== undefined && Object.hasOwn(FASTIFY_ERROR_CODES, code) ? FASTIFY_ERROR_CODES[code] : undefined;
}
