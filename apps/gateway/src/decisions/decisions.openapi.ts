import { DECISION_COST, SCORING_FORMULA_SUMMARY } from '@app/contracts';

/** An example request of the city + district form. */
export const DECISION_REQUEST_EXAMPLE = {
  property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3, floor: 4, age: 5, parking: true },
  location: { city: 'Riyadh', district: 'Al Olaya' },
  reasoning: false,
};

export const DECISION_REQUEST_DESCRIPTION = [
  '`property.price` is the asking price in SAR, `property.area` square metres, `property.floor` 0 for the ground floor.',
  'The place: `district_id` alone; or `city_id` + `district`; or `city` + `district` (names matched as in GET /v1/locations).',
  `\`reasoning\`: false scores only (${DECISION_COST.scoring} decision); true adds bilingual reasoning (${DECISION_COST.reasoning} decisions).`,
].join('\n');

export const DECISIONS_DESCRIPTION = [
  'Order: the balance check comes first (402 `insufficient_decisions`, nothing runs), then validation',
  '(422 `validation_error` with `field`), then the debit and the computation. A failure after the debit',
  '(AI outage: 503 `ai_unavailable`) is refunded in the same request.',
  '',
  SCORING_FORMULA_SUMMARY,
  '',
  'Benchmark: district + type for the latest year with enough transactions, else city + type (`scope`), else null.',
  '`comparables`: up to 5 recorded sales behind the benchmark (its year, same type, area within ±25 %), newest first,',
  'from the district when it has at least 3, else the city; cited in the reasoning and stored with the decision.',
  'The response carries `credits_used`/`credits_remaining` and, for clients of the earlier form,',
  '`decisions_used`/`decisions_remaining`.',
].join('\n');
