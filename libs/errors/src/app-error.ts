import { ERROR_REGISTRY, isErrorCode } from './error-registry';
import type { ErrorCode, NestedErrorCode } from './error-registry';

/** Fields a response may carry beside `error`, `message` and `code` (spec 7, decisions.md). */
export interface ErrorExtras {
  field?: string;
  required?: number;
  balance?: number;
  retry_after?: number;
  suggestions?: unknown[];
  /** invalid_state: the current state of the resource. */
  state?: string;
  /** listing_incomplete: what is still missing. */
  missing?: string[];
  /** Shape B's `details`. */
  details?: Record<string, unknown>;
  /** Overrides the registry's nested code (validation_error has three). */
  nestedCode?: NestedErrorCode;
}

/** The wire form of an error, identical over HTTP and across the transport. */
export interface ErrorEnvelope {
  error: ErrorCode;
  message: string;
  code: NestedErrorCode;
  [extra: string]: unknown;
}

/** The one error type services throw. Rendered by the HTTP filter, serialised across the transport. */
export class AppError extends Error {
  constructor(
    readonly error: ErrorCode,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_REGISTRY[this.error].status;
  }

  toEnvelope(): ErrorEnvelope {
    const { nestedCode, ...extra } = this.extras;
    return {
      error: this.error,
      message: this.message,
      ...stripUndefined(extra),
      code: nestedCode ?? ERROR_REGISTRY[this.error].code,
    };
  }

  /** Rebuilds an error that crossed the transport; anything unrecognised becomes internal_error. */
  static fromEnvelope(value: unknown): AppError {
    if (!isErrorEnvelope(value)) {
      return new AppError('internal_error', 'An unexpected error occurred.');
    }
    const { error, message, code, ...extra } = value;
    return new AppError(error, message, { ...(extra as ErrorExtras), nestedCode: code });
  }
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return isErrorCode(candidate.error) && typeof candidate.message === 'string' && typeof candidate.code === 'string';
}

function stripUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}
