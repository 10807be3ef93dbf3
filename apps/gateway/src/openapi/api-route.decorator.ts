import { applyDecorators } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import type { ApiResponseOptions } from '@nestjs/swagger';

/**
 * A success answer: its contract class (`[Class]` for an array of it), or Swagger's options where
 * a class does not say it all (a schema, a content type, a description).
 */
type Answer = Type | [Type] | ApiResponseOptions;

/**
 * What a route answers, by status: a success's answer, or for an error the codes it carries and
 * when. Statuses the access decorators add (401, 403, 429) are theirs.
 */
export interface RouteAnswers {
  /** The operation's description, when the summary does not say it all. */
  description?: string;
  [status: number]: Answer | string;
}

/** The refusal of a body or query the contract class does not accept. */
export const INVALID = '`validation_error` with `field`';

/**
 * A route's OpenAPI operation, written as one table: its summary, description and answers (one
 * `@ApiResponse` per status, listed in status order), instead of a stack of `@Api…Response`s.
 */
export function ApiRoute(summary: string, { description, ...answers }: RouteAnswers = {}): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary, description }),
    ...Object.entries(answers).map(([status, answer]) => ApiResponse({ status: Number(status), ...optionsOf(answer) })),
  );
}

function optionsOf(answer: Answer | string): ApiResponseOptions {
  if (typeof answer === 'string') return { description: answer };
  return typeof answer === 'function' || Array.isArray(answer) ? { type: answer } : answer;
}
