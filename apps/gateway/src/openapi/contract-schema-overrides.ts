import { getSchemaPath } from '@nestjs/swagger';
import { CityItem, DECISION_FACTOR_CODES, DistrictItem, SlotResponse, SlotRuleResponse } from '@app/contracts';
import { ERROR_SCHEMA_NAME } from '../http/openapi-contract';

/** A slot or a weekly rule, told apart by `object`. */
export const SLOT_OR_RULE_SCHEMA = {
  oneOf: [{ $ref: getSchemaPath(SlotResponse) }, { $ref: getSchemaPath(SlotRuleResponse) }],
  discriminator: { propertyName: 'object' },
};

const WRITE_ONLY = { writeOnly: true };

/** Each factor code and its meaning, as a markdown list (generated from the codes, so it cannot drift). */
const FACTOR_CODE_LIST = Object.entries(DECISION_FACTOR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join('\n');

/**
 * What a contract field's TypeScript type cannot say in OpenAPI (a union of classes, a write-only secret,
 * a map's values, an open record, the error envelope of libs/errors, a default the service applies rather
 * than the class), by class and property. Everything else comes from the classes themselves.
 */
export const CONTRACT_SCHEMA_OVERRIDES: Record<string, Record<string, Record<string, unknown>>> = {
  /** A create without a currency is in SAR (an initialiser would also reset an import row's update). */
  CreateListingBody: { currency: { default: 'SAR' } },
  /** The database's defaults for a create (a class initialiser would count the field as sent: a unit's event lists it). */
  CreateProjectBody: { status: { default: 'off_plan' } },
  CreateUnitBody: { status: { default: 'available' } },
  SlotsResponse: { data: { type: 'array', items: SLOT_OR_RULE_SCHEMA } },
  // The route reads the flag itself, to answer 400 `invalid_param` (spec 4.2), not 422.
  LocationsQuery: { districts: { enum: ['true', 'false'] } },
  LocationsList: {
    data: {
      type: 'array',
      maxItems: 20,
      items: { oneOf: [{ $ref: getSchemaPath(CityItem) }, { $ref: getSchemaPath(DistrictItem) }] },
    },
  },
  // Passwords and link tokens are sent, never answered: clients generated from the document should
  // not expect them back.
  CreateAccountBody: { password: WRITE_ONLY },
  LoginBody: { password: WRITE_ONLY },
  LinkTokenBody: { token: WRITE_ONLY },
  PasswordResetConfirmBody: { password: WRITE_ONLY },
  ChangePasswordBody: { current_password: WRITE_ONLY, new_password: WRITE_ONLY },
  DeleteAccountBody: { password: WRITE_ONLY },
  DeleteWorkspaceBody: { password: WRITE_ONLY },
  // A member id is an account's uuid; the route checks it as a string and answers any other
  // value `member_not_found` (404), as it does for an unknown id.
  OwnershipTransferBody: { member_id: { format: 'uuid' } },
  /** The places an unknown or ambiguous name may mean, each as GET /v1/locations answers it. */
  ImportRowError: { suggestions: { type: 'array', items: { type: 'object', additionalProperties: true } } },
  InboxItem: { data: { type: 'object', additionalProperties: { type: 'string' } } },
  ConnectWhatsAppBody: { access_token: WRITE_ONLY, enabled: { default: true } },
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
