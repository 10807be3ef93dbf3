import { ApiTooManyRequestsResponse } from '@nestjs/swagger';

/** The 429 of a fair-use limit in the OpenAPI document, with the headers it carries. */
export const TooManyRequestsResponse = (reason: string) =>
  ApiTooManyRequestsResponse({
    description:
      `\`rate_limited\`: ${reason}; \`retry_after\` and Retry-After say how many seconds to wait. Every answer ` +
      'the limit counts carries RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers).',
    headers: {
      'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer' } },
      'RateLimit-Policy': {
        description: 'The quota and its window, e.g. `"public";q=300;w=60`',
        schema: { type: 'string' },
      },
      RateLimit: {
        description: 'What is left and when it resets, e.g. `"public";r=0;t=42`',
        schema: { type: 'string' },
      },
    },
  });
