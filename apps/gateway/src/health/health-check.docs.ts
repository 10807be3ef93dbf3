import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';

// The probes' documented bodies, as the OpenAPI document has always shown them (terminus 11's
// schema): terminus 12 documents them differently (status enums, responseTime), and the served
// document must not change with a dependency.
const DB_EXAMPLE = { database: { status: 'up' } };
const REDIS_EXAMPLE = { redis: { status: 'down', message: 'Could not connect' } };

const indicatorsSchema = (example: object) => ({
  type: 'object' as const,
  example,
  additionalProperties: {
    type: 'object' as const,
    required: ['status'],
    properties: { status: { type: 'string' as const } },
    additionalProperties: true,
  },
});

function healthCheckSchema(status: 'ok' | 'error') {
  return {
    type: 'object' as const,
    properties: {
      status: { type: 'string' as const, example: status },
      info: { ...indicatorsSchema(DB_EXAMPLE), nullable: true },
      error: { ...indicatorsSchema(status === 'error' ? REDIS_EXAMPLE : {}), nullable: true },
      details: indicatorsSchema(status === 'error' ? { ...DB_EXAMPLE, ...REDIS_EXAMPLE } : DB_EXAMPLE),
    },
  };
}

/** terminus's @HealthCheck() (no caching) with the probe bodies documented as above. */
export function HealthProbe(): MethodDecorator {
  return applyDecorators(
    ApiServiceUnavailableResponse({
      description: 'The Health Check is not successful',
      schema: healthCheckSchema('error'),
    }),
    ApiOkResponse({ description: 'The Health Check is successful', schema: healthCheckSchema('ok') }),
    HealthCheck({ noCache: true, swaggerDocumentation: false }),
  );
}
