import {
  DECISION_BATCH_INLINE_MAX_ITEMS,
  DECISION_BATCH_MAX_ITEMS,
  DECISION_COST,
  SCORING_FORMULA_SUMMARY,
} from '@app/contracts';

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
  '`factors`: the facts behind each sub-score (`{code, bucket, effect, values}`), on every decision, with or without',
  'reasoning; whenever `benchmark` is null, price, location and size each carry `no_benchmark` (a neutral 50).',
  '',
  'Benchmark: district + type for the latest year with enough transactions, else city + type (`scope`), else null.',
  '`comparables`: up to 5 recorded sales behind the benchmark (its year, same type, area within ±25 %), newest first,',
  'from the district when it has at least 3, else the city; cited in the reasoning and stored with the decision.',
  'The response carries `credits_used`/`credits_remaining` and, for clients of the earlier form,',
  '`decisions_used`/`decisions_remaining`.',
].join('\n');

export const DECISION_BATCH_DESCRIPTION = [
  `Up to ${DECISION_BATCH_MAX_ITEMS} decisions in one call: \`{"items": [ … ]}\`, each item a POST /v1/decisions body`,
  '(either place form, its own `reasoning`). Who may call it: as POST /v1/decisions (an API key of a broker workspace).',
  '',
  'Order: the batch itself is checked first (422 `validation_error` on `items`: not an array, empty, or more than',
  `${DECISION_BATCH_MAX_ITEMS} items). Its price is the sum of its items' (${DECISION_COST.scoring} each, ${DECISION_COST.reasoning} with reasoning), debited at once:`,
  'when the balance cannot cover the whole batch, 402 `insufficient_decisions` with `required` and `balance`,',
  'nothing runs and nothing is charged. Then every item goes through the single-decision path: an invalid item',
  'is answered with the error POST /v1/decisions would give (422 `validation_error` with `field`, in the error',
  'shape) and its price is refunded; it does not fail the batch. Each decision is stored and can be read at',
  'GET /v1/decisions/{id}.',
  '',
  'Answers:',
  `- \`Accept: application/x-ndjson\`: 200 and one JSON line per item as it is answered, in item order`,
  '  (`{"index", "status", "decision" | "error"}`), then a last line with the batch (`object: "decision_batch"`,',
  '  its counts and credits, `results` empty).',
  `- otherwise JSON: up to ${DECISION_BATCH_INLINE_MAX_ITEMS} items, 200 with the finished batch and its results; larger batches,`,
  '  202 with the job (`status: running`, a `Location` header): GET /v1/decisions/batch/{id} returns its status and',
  '  results, from any replica.',
  '',
  '`Idempotency-Key`: the same key and body return the same batch, charged once (a retry sent while it is being paid ' +
    'for waits for it); a different body: 422 `idempotency_key_reused`.',
].join('\n');
