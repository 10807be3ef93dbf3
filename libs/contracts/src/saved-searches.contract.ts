import { Transform, Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOmittable,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from '@app/validation';
import { ListPage, PageRequest } from './paging';
import { SearchPropertiesQuery } from './properties.contract';
import { rpc } from './rpc-descriptor';

/** How often a saved search tells its owner: at once (at most one message per 15 minutes), or a digest. */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** At most this many saved searches per user; the next create answers 409 `saved_search_limit_reached`. */
export const MAX_SAVED_SEARCHES = 20;

/** What a listing did to match: published, or (published already) its price dropped. */
export const SAVED_SEARCH_EVENTS = ['published', 'price_drop'] as const;
export type SavedSearchEvent = (typeof SAVED_SEARCH_EVENTS)[number];

/** One event per saved search a listing matched (payload SavedSearchMatchedPayload), through the catalogue's outbox. */
export const CATALOGUE_SAVED_SEARCH_MATCHED = 'catalogue.saved_search.matched.v1';

/** A saved search stopped alerting (unsubscribed or deleted): its alerts still waiting are dropped. */
export const CATALOGUE_SAVED_SEARCH_CLOSED = 'catalogue.saved_search.closed.v1';

/** The search's fields that order and page a result list: an alert has neither, so they are not kept. */
export const UNSAVED_SEARCH_FIELDS = ['sort', 'limit', 'offset'] as const;

const trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** POST /v1/me/saved-searches body. */
export class CreateSavedSearchBody {
  /**
   * A name to recognise it by, 1-100 characters, Arabic or English
   * @example "شقق في العليا تحت 1.5 مليون"
   */
  @IsDefined()
  @trimmed()
  @IsString()
  @Length(1, 100, { message: 'name must be 1 to 100 characters.' })
  name: string;

  /** `instant` (at most one message per search every 15 minutes), `daily` or `weekly` (a digest) */
  @IsDefined()
  @IsIn(SAVED_SEARCH_FREQUENCIES, { message: `frequency must be one of: ${SAVED_SEARCH_FREQUENCIES.join(', ')}.` })
  frequency: SavedSearchFrequency;

  /**
   * The filters of GET /v1/properties, with its rules (`sort`, `limit` and `offset` are accepted
   * and not kept). A city or district that names no place is refused.
   */
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => SearchPropertiesQuery)
  query: SearchPropertiesQuery;
}

/** PATCH /v1/me/saved-searches/{id} body: any of the three; `query` replaces the filters whole. */
export class UpdateSavedSearchBody {
  /** A new name, 1-100 characters */
  @IsOmittable()
  @trimmed()
  @IsString()
  @Length(1, 100, { message: 'name must be 1 to 100 characters.' })
  name?: string;

  /** A new frequency; sending one also turns alerts back on after an unsubscribe */
  @IsOmittable()
  @IsIn(SAVED_SEARCH_FREQUENCIES, { message: `frequency must be one of: ${SAVED_SEARCH_FREQUENCIES.join(', ')}.` })
  frequency?: SavedSearchFrequency;

  /** New filters, replacing the old ones whole */
  @IsOmittable()
  @IsObject()
  @ValidateNested()
  @Type(() => SearchPropertiesQuery)
  query?: SearchPropertiesQuery;
}

/** The gazetteer ids the gateway resolved the query's place words to (as GET /v1/properties does). */
export class SavedSearchPlaces {
  /** The best-ranked city for `query.city` */
  @IsOptional()
  @IsInt()
  city_id?: number;

  /** Every district named like the best match for `query.district` */
  @IsOptional()
  @IsInt({ each: true })
  district_ids?: number[];
}

export class CreateSavedSearchRequest extends CreateSavedSearchBody {
  @IsUUID()
  account_id: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => SavedSearchPlaces)
  places: SavedSearchPlaces;
}

export class UpdateSavedSearchRequest extends UpdateSavedSearchBody {
  @IsUUID()
  account_id: string;

  @IsUUID()
  id: string;

  /** With `query`: its places. */
  @IsOptional()
  @ValidateNested()
  @Type(() => SavedSearchPlaces)
  places?: SavedSearchPlaces;
}

export class SavedSearchRefRequest {
  @IsUUID()
  account_id: string;

  @IsUUID()
  id: string;
}

export class ListSavedSearchesRequest extends PageRequest {
  @IsUUID()
  account_id: string;
}

/** The unsubscribe link's search (the gateway checked the link's signature). */
export class UnsubscribeSavedSearchRequest {
  @IsUUID()
  id: string;
}

/** A saved search and its alerts. */
export class SavedSearch {
  /** Always `saved_search` */
  @IsIn(['saved_search'])
  object: 'saved_search';

  /** Its id */
  @IsUUID()
  id: string;

  /** Its name */
  name: string;

  /** How often it alerts */
  @IsIn(SAVED_SEARCH_FREQUENCIES)
  frequency: SavedSearchFrequency;

  /** The filters as saved (place words as written; no `sort`, `limit` or `offset`) */
  query: SearchPropertiesQuery;

  /** When its owner unsubscribed from its alerts (the e-mail's link); null while it alerts */
  @IsOptional()
  @IsISO8601()
  unsubscribed_at: string | null;

  /** When it was saved */
  @IsISO8601()
  created_at: string;

  /** When it was last changed */
  @IsISO8601()
  updated_at: string;
}

/** GET /v1/me/saved-searches: the caller's saved searches, newest first. */
export class SavedSearchesPage extends ListPage {
  /** The saved searches */
  data: SavedSearch[];
}

/** What an unsubscribe did: the search, its owner (whose language the page speaks) and its name. */
export class UnsubscribedSavedSearch {
  /** The search */
  @IsUUID()
  id: string;

  /** Its owner */
  @IsUUID()
  account_id: string;

  /** Its name, for the page to say which */
  name: string;

  /** When its alerts stopped (the first unsubscribe) */
  @IsISO8601()
  unsubscribed_at: string;
}

/** catalogue.saved_search.matched.v1: a listing matched one saved search, once per search, listing and event. */
export interface SavedSearchMatchedPayload {
  saved_search_id: string;
  account_id: string;
  /** The search's name and frequency when it matched */
  name: string;
  frequency: SavedSearchFrequency;
  listing_id: string;
  event: SavedSearchEvent;
  title_en: string | null;
  title_ar: string | null;
  /** The listing's price (SAR) at the event; for a drop, the price before it too */
  price_sar: number;
  previous_price_sar: number | null;
  matched_at: string;
}

/** What an alert says of one matched listing. */
export type SavedSearchMatchListing = Pick<
  SavedSearchMatchedPayload,
  'listing_id' | 'event' | 'title_en' | 'title_ar' | 'price_sar' | 'previous_price_sar'
>;

/** catalogue.saved_search.closed.v1 */
export interface SavedSearchClosedPayload {
  saved_search_id: string;
  account_id: string;
  reason: 'unsubscribed' | 'deleted';
  closed_at: string;
}

/** A buyer's saved searches (any signed-in user) and the unsubscribe link's action. */
export const SavedSearchesRpc = {
  create: rpc<CreateSavedSearchRequest, SavedSearch>('rpc.catalogue.saved-searches.create.v1'),
  list: rpc<ListSavedSearchesRequest, SavedSearchesPage>('rpc.catalogue.saved-searches.list.v1'),
  get: rpc<SavedSearchRefRequest, SavedSearch>('rpc.catalogue.saved-searches.get.v1'),
  update: rpc<UpdateSavedSearchRequest, SavedSearch>('rpc.catalogue.saved-searches.update.v1'),
  delete: rpc<SavedSearchRefRequest, { deleted: true }>('rpc.catalogue.saved-searches.delete.v1'),
  unsubscribe: rpc<UnsubscribeSavedSearchRequest, UnsubscribedSavedSearch>(
    'rpc.catalogue.saved-searches.unsubscribe.v1',
  ),
};
