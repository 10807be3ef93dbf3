import type { OpenAPIObject } from '@nestjs/swagger';
import type { CachePolicy } from './cache-policy';
import { CONDITIONAL_GET_EXTENSION } from './conditional-get.decorator';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Header = { description: string; schema: { type: 'string' }; example?: string };

const text = (description: string, example?: string): Header => ({
  description,
  schema: { type: 'string' },
  ...(example ? { example } : {}),
});

/**
 * The `@ConditionalGet` routes' contract in the document: the `If-None-Match` parameter, the
 * `ETag`, `Cache-Control` (and `Vary`) headers of the 200 and a 304 with no body. Only there.
 */
export function documentConditionalGets(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    const operation = item.get as (Operation & Record<string, unknown>) | undefined;
    const policy = operation?.[CONDITIONAL_GET_EXTENSION] as CachePolicy | undefined;
    if (!operation || !policy) continue;
    delete operation[CONDITIONAL_GET_EXTENSION];
    const headers: Record<string, Header> = {
      ETag: text(
        'Strong validator of this answer: send it back in `If-None-Match`',
        '"3q2-7wEAAAB3Ca0Fv3WvRVZC1xkHJ0oX"',
      ),
      'Cache-Control': text('How long a cache may keep the answer before revalidating', policy.cacheControl),
      ...(policy.vary ? { Vary: text('Request headers the answer depends on', policy.vary) } : {}),
    };
    operation.parameters = [
      ...(operation.parameters ?? []).filter((p) => !('name' in p) || p.name.toLowerCase() !== 'if-none-match'),
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'ETags of copies the client holds (weak comparison, RFC 9110; `*` matches any)',
        schema: { type: 'string' },
      },
    ];
    const ok = operation.responses['200'] as { headers?: Record<string, Header> } | undefined;
    if (ok) ok.headers = { ...ok.headers, ...headers };
    operation.responses['304'] = {
      description: 'Not modified: an `If-None-Match` tag is the current one; no body',
      headers,
    };
    operation.description =
      `${operation.description ?? ''}\n\nConditional: answers carry \`ETag\` and \`Cache-Control: ${policy.cacheControl}\`${policy.vary ? ` (\`Vary: ${policy.vary}\`)` : ''}; \`If-None-Match\` with the current tag answers 304 with no body. Errors carry \`Cache-Control: no-store\`.`.trim();
  }
  return document;
}
