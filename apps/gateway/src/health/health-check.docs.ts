import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';

// The probes' documented bodies, as the OpenAPI document has always shown them (terminus 11's
// schema): terminus 12 documents them differently (status enums, responseTime), and the served
// document must not change with a dependency.
const DB_EXAMPLE = { database: { status: 'up' } };

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

function healthCheckSchema() {
  return {
    type: 'object' as const,
    properties: {
      status: { type: 'string' as const, example: 'ok' },
      info: { ...indicatorsSchema(DB_EXAMPLE), nullable: true },
      error: { ...indicatorsSchema({}), nullable: true },
      details: indicatorsSchema(DB_EXAMPLE),
    },
  };
}

/** terminus's @HealthCheck() (no caching) with the probe bodies documented as above. */
export function HealthProbe(): MethodDecorator {
  return applyDecorators(
    // Terminus's 503 goes through the exception filter like every error: the contract's envelope.
    ApiServiceUnavailableResponse({ description: '`service_unavailable`: the Health Check is not successful' }),
    ApiOkResponse({ description: 'The Health Check is successful', schema: healthCheckSchema() }),
    HealthCheck({ noCache: true, swaggerDocumentation: false }),
  );
}
