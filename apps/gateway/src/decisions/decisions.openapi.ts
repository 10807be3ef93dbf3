import { DECISION_COST, PROPERTY_TYPES, SCORING_FORMULA_SUMMARY } from '@app/contracts';

/** The decision request for the OpenAPI document (the service validates against the contract class). */
export const DECISION_REQUEST_SCHEMA = {
  type: 'object',
  required: ['property', 'location', 'reasoning'],
  properties: {
    property: {
      type: 'object',
      required: ['type', 'price', 'area'],
      properties: {
        type: { type: 'string', enum: [...PROPERTY_TYPES] },
        price: { type: 'number', minimum: 0, exclusiveMinimum: true, description: 'Asking price, SAR' },
        area: { type: 'number', minimum: 0, exclusiveMinimum: true, description: 'Square metres' },
        bedrooms: { type: 'integer', minimum: 0 },
        bathrooms: { type: 'integer', minimum: 0 },
        floor: { type: 'integer', description: '0 = ground floor' },
        age: { type: 'number', minimum: 0, description: 'Years' },
        parking: { type: 'boolean' },
        furnished: { type: 'boolean' },
      },
    },
    location: {
      type: 'object',
      description:
        'district_id alone; or city_id + district; or city + district (names matched as in GET /v1/locations)',
      properties: {
        district_id: { type: 'integer' },
        city_id: { type: 'integer' },
        city: { type: 'string', minLength: 2 },
        district: { type: 'string', minLength: 2 },
        lat: { type: 'number', minimum: -90, maximum: 90 },
        lng: { type: 'number', minimum: -180, maximum: 180 },
      },
    },
    reasoning: {
      type: 'boolean',
      description: `false: scoring only, ${DECISION_COST.scoring} decision; true: with bilingual reasoning, ${DECISION_COST.reasoning} decisions`,
    },
  },
  example: {
    property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3, floor: 4, age: 5, parking: true },
    location: { city: 'Riyadh', district: 'Al Olaya' },
    reasoning: false,
  },
};

export const DECISIONS_DESCRIPTION = [
  'Order: the balance check comes first (402 `insufficient_decisions`, nothing runs), then validation',
  '(422 `validation_error` with `field`), then the debit and the computation. A failure after the debit',
  '(AI outage: 503 `ai_unavailable`) is refunded in the same request.',
  '',
  SCORING_FORMULA_SUMMARY,
  '',
  'Benchmark: district + type for the latest year with enough transactions, else city + type (`scope`), else null.',
  'The response carries `credits_used`/`credits_remaining` and, for clients of the earlier form,',
  '`decisions_used`/`decisions_remaining`.',
].join('\n');
