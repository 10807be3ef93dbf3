import { getSchemaPath } from '@nestjs/swagger';
import { DECISION_FACTOR_CODES, SlotResponse, SlotRuleResponse } from '@app/contracts';
import { ERROR_SCHEMA_NAME } from '../http/openapi-contract';

/** A slot or a weekly rule, told apart by `object`. */
export const SLOT_OR_RULE_SCHEMA = {
  oneOf: [{ $ref: getSchemaPath(SlotResponse) }, { $ref: getSchemaPath(SlotRuleResponse) }],
  discriminator: { propertyName: 'object' },
};

/** Each factor code and its meaning, as a markdown list (generated from the codes, so it cannot drift). */
const FACTOR_CODE_LIST = Object.entries(DECISION_FACTOR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join('\n');

/**
 * What a contract field's TypeScript type cannot say in OpenAPI (a union of classes, a map's values,
 * the error envelope of libs/errors), by class and property. Everything else comes from the classes
 * themselves.
 */
export const CONTRACT_SCHEMA_OVERRIDES: Record<string, Record<string, Record<string, unknown>>> = {
  SlotsResponse: { data: { type: 'array', items: SLOT_OR_RULE_SCHEMA } },
  InboxItem: { data: { type: 'object', additionalProperties: { type: 'string' } } },
  ConnectWhatsAppBody: { access_token: { writeOnly: true }, enabled: { default: true } },
  DecisionFactor: {
    code: { description: `Stable code; \`values\` holds the numbers named in brackets.\n\n${FACTOR_CODE_LIST}` },
    values: { type: 'object', additionalProperties: { type: ['number', 'string', 'boolean', 'null'] } },
  },
  DecisionBatchResult: {
    error: {
      required: false,
      type: () => Object,
      allOf: [{ $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` }],
      description: 'the error in the contract shape (422 `validation_error` with `field`); its price is refunded',
    },
  },
};
