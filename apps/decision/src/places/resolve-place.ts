import type { DecisionLocation, ResolvePlaceRequest } from '@app/contracts';
import { AppError } from '@app/errors';
import { resolveLocation } from '../decisions/resolve-location';
import type { LocationIndex } from '../locations/location-index';

/**
 * A place resolved exactly as decisions resolve theirs, with the 422's `field` (and
 * `details.missing`) named the caller's way: `field_prefix` + `district`, not `location.district`.
 */
export function resolvePlace(index: LocationIndex, request: ResolvePlaceRequest): DecisionLocation {
  try {
    return resolveLocation(index, {
      district_id: request.district_id,
      city_id: request.city_id,
      city: request.city,
      district: request.district,
    });
  } catch (err) {
    throw err instanceof AppError ? withFieldPrefix(err, request.field_prefix ?? '') : err;
  }
}

/** resolveLocation names decision fields (`location.district`); callers name their own. */
function withFieldPrefix(err: AppError, prefix: string): AppError {
  const rename = (field: unknown) =>
    typeof field === 'string' && field.startsWith('location.') ? prefix + field.slice('location.'.length) : field;
  const renameText = (text: string) => text.replace(/location\./g, prefix);
  const details = err.extras.details && {
    ...err.extras.details,
    ...(Array.isArray(err.extras.details.missing) ? { missing: err.extras.details.missing.map(rename) } : {}),
    ...(Array.isArray(err.extras.details.fields)
      ? {
          fields: (err.extras.details.fields as { field: string; expected: string }[]).map((entry) => ({
            field: rename(entry.field),
            expected: renameText(entry.expected),
          })),
        }
      : {}),
  };
  return new AppError(err.error, renameText(err.message), {
    ...err.extras,
    field: rename(err.extras.field) as string | undefined,
    details,
  });
}
