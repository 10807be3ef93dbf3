import { SearchPropertiesQuery } from '@app/contracts';
import { contractValidationPipe } from '@app/errors';

const pipe = contractValidationPipe();

/** GET /v1/properties' query checked as the gateway checks it (its global pipe): 400 invalid_param when bad. */
export async function searchQueryOf(params: URLSearchParams): Promise<SearchPropertiesQuery> {
  return (await pipe.transform(Object.fromEntries(params), {
    type: 'query',
    metatype: SearchPropertiesQuery,
  })) as SearchPropertiesQuery;
}
