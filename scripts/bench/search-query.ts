import { SearchPropertiesQuery } from '@app/contracts';
import { contractValidationPipe } from '@app/errors';

const pipe = contractValidationPipe();

/** A route's query string checked as the gateway checks it (its global pipe): 400 invalid_param when bad. */
export async function queryOf<T>(metatype: new () => T, params: URLSearchParams): Promise<T> {
  return (await pipe.transform(Object.fromEntries(params), { type: 'query', metatype })) as T;
}

/** A route's JSON body checked as the gateway checks it: 422 validation_error when bad. */
export async function bodyOf<T>(metatype: new () => T, body: unknown): Promise<T> {
  return (await pipe.transform(body, { type: 'body', metatype })) as T;
}

/** GET /v1/properties' query, checked. */
export function searchQueryOf(params: URLSearchParams): Promise<SearchPropertiesQuery> {
  return queryOf(SearchPropertiesQuery, params);
}
