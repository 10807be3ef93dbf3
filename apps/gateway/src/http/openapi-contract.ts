import { ERROR_REGISTRY } from '@app/errors';

/**
 * Turns the document @nestjs/swagger generates (OpenAPI 3.0, error statuses with a description
 * only, public routes without `security`) into the contract clients are generated from:
 * OpenAPI 3.1 (JSON Schema nulls, so `workspace: null` is typed as it is answered), every error
 * response with the error envelope's schema, and `security: []` on public operations.
 * Pure: the document in, the document out; tested on its own and by the e2e harness, which
 * validates every response it sees against the result.
 */

type Json = Record<string, unknown>;

export const ERROR_SCHEMA_NAME = 'ErrorResponse';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The flat error shape (spec 7, shape A) with the nested code and details of shape B. */
export const ERROR_RESPONSE_SCHEMA: Json = {
  type: 'object',
  required: ['error', 'message', 'code'],
  description: 'Every error: the flat code, a message, the nested code, and the extra fields the code names.',
  properties: {
    error: { type: 'string', enum: Object.keys(ERROR_REGISTRY) },
    message: { type: 'string' },
    code: { type: 'string', description: 'The nested code of shape B (`INVALID_FIELD_TYPE`, `NOT_FOUND`, …)' },
    field: { type: 'string', description: 'The offending field or parameter (invalid_param, validation_error)' },
    details: { type: 'object', additionalProperties: true, description: "Shape B's details" },
    required: { type: 'integer', description: 'insufficient_decisions: the cost of the call' },
    balance: { type: 'integer', description: 'insufficient_decisions: the balance now' },
    retry_after: { type: 'integer', description: 'rate_limited: seconds to wait (also the Retry-After header)' },
    suggestions: { type: 'array', items: {}, description: 'validation_error for a place: the nearest matches' },
    state: { type: 'string', description: 'invalid_state: the current state' },
    missing: { type: 'array', items: { type: 'string' }, description: 'listing_incomplete: what is missing' },
  },
  additionalProperties: true,
};

const ERROR_CONTENT = { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } };

export function toContractDocument<T extends object>(generated: T): T {
  const document = structuredClone(generated) as unknown as Json;
  document.openapi = '3.1.0';
  const components = (document.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  schemas[ERROR_SCHEMA_NAME] = ERROR_RESPONSE_SCHEMA;
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as Json | undefined;
      if (operation) completeOperation(operation);
    }
  }
  return toJsonSchemaNulls(document) as T;
}

function completeOperation(operation: Json): void {
  // Routes that require a credential declare bearer auth (the access decorators); the rest are public.
  operation.security ??= [];
  const responses = (operation.responses ??= {}) as Record<string, Json>;
  for (const [status, response] of Object.entries(responses)) {
    if (isErrorStatus(status) && !response.content) response.content = ERROR_CONTENT;
  }
  // Every operation can fail with a contract-shaped error (bad input, a downstream timeout).
  responses.default ??= { description: 'An error in the contract shape', content: ERROR_CONTENT };
}

function isErrorStatus(status: string): boolean {
  return /^[45]/.test(status);
}

/**
 * OpenAPI 3.0's `nullable` and boolean `exclusiveMinimum` in their JSON Schema (3.1) forms.
 * A nullable reference (`{nullable, allOf: [$ref]}`) becomes `anyOf: [$ref, null]`.
 */
export function toJsonSchemaNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchemaNulls);
  if (node === null || typeof node !== 'object') return node;
  const schema: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, toJsonSchemaNulls(value)]));
  if (typeof schema.exclusiveMinimum === 'boolean') {
    if (schema.exclusiveMinimum) schema.exclusiveMinimum = schema.minimum;
    else delete schema.exclusiveMinimum;
    if (schema.exclusiveMinimum !== undefined) delete schema.minimum;
  }
  if (typeof schema.exclusiveMaximum === 'boolean') {
    if (schema.exclusiveMaximum) schema.exclusiveMaximum = schema.maximum;
    else delete schema.exclusiveMaximum;
    if (schema.exclusiveMaximum !== undefined) delete schema.maximum;
  }
  if (schema.nullable !== true) {
    delete schema.nullable;
    return schema;
  }
  delete schema.nullable;
  if (typeof schema.$ref === 'string') {
    const { $ref, ...rest } = schema;
    return { ...rest, anyOf: [{ $ref }, { type: 'null' }] };
  }
  const single = Array.isArray(schema.allOf) && schema.allOf.length === 1 ? (schema.allOf[0] as Json) : undefined;
  if (single) {
    // The reference replaces the generator's `type: object` and one-item allOf.
    delete schema.allOf;
    delete schema.type;
    return { ...schema, anyOf: [single, { type: 'null' }] };
  }
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
  return schema;
}
