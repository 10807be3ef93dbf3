import { DECISION_BATCH_MAX_ITEMS } from '@app/contracts';
import { AppError } from '@app/errors';

/**
 * The batch's own shape: `{ "items": [ … ] }` with 1 to 1,000 items. Each item is a POST
 * /v1/decisions body, checked on its own later (its error does not fail the batch).
 */
export function validateBatchBody(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('validation_error', 'The body must be a JSON object with an items array.', { field: 'body' });
  const unknownField = Object.keys(body).find((name) => name !== 'items');
  if (unknownField !== undefined)
    throw new AppError('validation_error', `property ${unknownField} should not exist`, { field: unknownField });
  const { items } = body as { items?: unknown };
  if (!Array.isArray(items))
    throw new AppError('validation_error', 'items must be an array of decision requests.', {
      field: 'items',
      ...(items === undefined ? { nestedCode: 'MISSING_REQUIRED_FIELDS', details: { missing: ['items'] } } : {}),
    });
  if (items.length === 0 || items.length > DECISION_BATCH_MAX_ITEMS)
    throw new AppError('validation_error', `items must hold 1 to ${DECISION_BATCH_MAX_ITEMS} decision requests.`, {
      field: 'items',
      details: { max_items: DECISION_BATCH_MAX_ITEMS, received: items.length },
    });
  return items;
}
