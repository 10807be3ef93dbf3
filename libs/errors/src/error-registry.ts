/**
 * Every error the platform returns, keyed by its flat code (spec section 7, shape A).
 * Each entry carries the HTTP status and the nested code of shape B, so one response
 * serves clients written against either shape (design/decisions.md, "Errors").
 */
export const ERROR_REGISTRY = {
  invalid_json: { status: 400, code: 'INVALID_JSON' },
  missing_params: { status: 400, code: 'MISSING_REQUIRED_FIELDS' },
  invalid_param: { status: 400, code: 'INVALID_FIELD_TYPE' },
  unauthorized: { status: 401, code: 'MISSING_TOKEN' },
  invalid_api_key: { status: 401, code: 'INVALID_TOKEN' },
  invalid_token: { status: 401, code: 'INVALID_TOKEN' },
  /** Login refused: the same for an unknown e-mail and a wrong password, so neither is disclosed. */
  invalid_credentials: { status: 401, code: 'INVALID_CREDENTIALS' },
  /** A payment provider's webhook whose signature does not match its raw body (or is missing). */
  invalid_signature: { status: 400, code: 'INVALID_SIGNATURE' },
  insufficient_decisions: { status: 402, code: 'INSUFFICIENT_CREDITS' },
  forbidden: { status: 403, code: 'FORBIDDEN' },
  /** An OAuth access token without the scope the resource needs (RFC 6750 section 3.1). */
  insufficient_scope: { status: 403, code: 'FORBIDDEN' },
  /** A valid API key on a route that needs a person (key management, ownership transfer, workspace deletion). */
  api_key_not_allowed: { status: 403, code: 'FORBIDDEN' },
  /** Submitting a listing for publication or inviting a member before the account's e-mail is verified. */
  email_not_verified: { status: 403, code: 'FORBIDDEN' },
  self_inquiry_forbidden: { status: 403, code: 'FORBIDDEN' },
  self_booking_forbidden: { status: 403, code: 'FORBIDDEN' },
  not_found: { status: 404, code: 'NOT_FOUND' },
  property_not_found: { status: 404, code: 'NOT_FOUND' },
  /** A project that is not the caller's workspace's (or none at all). */
  project_not_found: { status: 404, code: 'NOT_FOUND' },
  widget_not_found: { status: 404, code: 'NOT_FOUND' },
  session_not_found: { status: 404, code: 'NOT_FOUND' },
  /** The embedding page's origin is not among the widget's allowed origins. */
  origin_not_allowed: { status: 403, code: 'FORBIDDEN' },
  method_not_allowed: { status: 405, code: 'METHOD_NOT_ALLOWED' },
  conflict: { status: 409, code: 'CONFLICT' },
  slot_already_booked: { status: 409, code: 'CONFLICT' },
  /** A user's 21st saved search: `details.max_saved_searches` says how many are allowed. */
  saved_search_limit_reached: { status: 409, code: 'CONFLICT' },
  /** A request with this Idempotency-Key is still running after the wait: retry shortly. */
  idempotency_conflict: { status: 409, code: 'CONFLICT' },
  /** A listing action its current state does not allow; `state` names that state. */
  invalid_state: { status: 409, code: 'CONFLICT' },
  payload_too_large: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  unsupported_media_type: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  validation_error: { status: 422, code: 'INVALID_FIELD_TYPE' },
  slot_unavailable: { status: 422, code: 'SLOT_UNAVAILABLE' },
  /** This Idempotency-Key was used by the caller for another request (another body or another route target). */
  idempotency_key_reused: { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' },
  /** Submit refused: `missing` names what the listing still needs. */
  listing_incomplete: { status: 422, code: 'MISSING_REQUIRED_FIELDS' },
  /** A conversation promoted to a lead needs the visitor's phone or e-mail. */
  contact_required: { status: 422, code: 'MISSING_REQUIRED_FIELDS' },
  rate_limited: { status: 429, code: 'RATE_LIMIT_EXCEEDED' },
  internal_error: { status: 500, code: 'INTERNAL_ERROR' },
  ai_unavailable: { status: 503, code: 'AI_UNAVAILABLE' },
  service_unavailable: { status: 503, code: 'SERVICE_UNAVAILABLE' },
  /** No payment provider is configured (a production start without one): nothing can be bought. */
  payments_not_configured: { status: 503, code: 'SERVICE_UNAVAILABLE' },
  /** The payment provider did not answer or failed: nothing was charged or credited. */
  payment_unavailable: { status: 503, code: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, { status: number; code: string }>;

export type ErrorCode = keyof typeof ERROR_REGISTRY;

/** Nested codes (shape B). `validation_error` picks one of three by what was wrong. */
export type NestedErrorCode =
  (typeof ERROR_REGISTRY)[ErrorCode]['code'] | 'MISSING_REQUIRED_FIELDS' | 'INVALID_PROPERTY_TYPE';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_REGISTRY, value);
}
