import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';

interface HttpRequest {
  headers: Record<string, string | string[] | undefined>;
}

/** The `Authorization: Bearer …` credential as sent (for routes that act on the token itself, such as logout). */
export function bearerTokenFrom(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}

export const BearerToken = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined =>
  bearerTokenFrom(context.switchToHttp().getRequest<HttpRequest>().headers.authorization),
);
