import { Injectable } from '@nestjs/common';
import { CATALOGUE_SAVED_SEARCH_CLOSED, MAX_SAVED_SEARCHES } from '@app/contracts';
import type {
  CreateSavedSearchRequest,
  ListSavedSearchesRequest,
  SavedSearch,
  SavedSearchClosedPayload,
  SavedSearchPlaces,
  SavedSearchRefRequest,
  SavedSearchesPage,
  SearchPropertiesQuery,
  UnsubscribeSavedSearchRequest,
  UnsubscribedSavedSearch,
  UpdateSavedSearchRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import type { EntityManager } from 'typeorm';
import { toSavedSearch, toSavedSearchesPage } from './saved-search.dto';
import { savedQueryOf, savedSearchColumns, unresolvedPlace } from './saved-search-filters';
import { SavedSearchesRepository } from './saved-searches.repository';
import type { SavedSearchColumns } from './saved-search-filters';

/** A signed-in user's saved searches (at most MAX_SAVED_SEARCHES), and the unsubscribe link's action. */
@Injectable()
export class SavedSearchesService {
  constructor(
    private readonly searches: SavedSearchesRepository,
    private readonly outbox: Outbox,
  ) {}

  /** Counted under a per-account lock, so racing creates never pass the limit together. */
  async create(request: CreateSavedSearchRequest): Promise<SavedSearch> {
    const columns = columnsOf(request.query, request.places);
    const row = await this.searches.transaction(async (tx) => {
      const count = await this.searches.lockAndCount(tx, request.account_id);
      if (count >= MAX_SAVED_SEARCHES)
        throw new AppError(
          'saved_search_limit_reached',
          `You have ${MAX_SAVED_SEARCHES} saved searches, the most allowed: delete one to save another.`,
          { details: { max_saved_searches: MAX_SAVED_SEARCHES } },
        );
      return this.searches.insert(tx, request.account_id, {
        name: request.name,
        frequency: request.frequency,
        query: savedQueryOf(request.query),
        columns,
      });
    });
    return toSavedSearch(row);
  }

  async list(request: ListSavedSearchesRequest): Promise<SavedSearchesPage> {
    const rows = await this.searches.page(request.account_id, request.limit, request.offset);
    return toSavedSearchesPage(rows, request.limit, request.offset);
  }

  async get(request: SavedSearchRefRequest): Promise<SavedSearch> {
    const row = await this.searches.find(request.account_id, request.id);
    if (!row) throw notFound();
    return toSavedSearch(row);
  }

  /** `query` replaces the filters whole; a frequency turns alerts back on after an unsubscribe. */
  async update(request: UpdateSavedSearchRequest): Promise<SavedSearch> {
    const row = await this.searches.update(request.account_id, request.id, {
      name: request.name,
      frequency: request.frequency,
      resubscribe: request.frequency !== undefined,
      ...(request.query
        ? { query: savedQueryOf(request.query), columns: columnsOf(request.query, request.places ?? {}) }
        : {}),
    });
    if (!row) throw notFound();
    return toSavedSearch(row);
  }

  async delete(request: SavedSearchRefRequest): Promise<{ deleted: true }> {
    await this.searches.transaction(async (tx) => {
      if (!(await this.searches.delete(tx, request.account_id, request.id))) throw notFound();
      await this.closed(tx, request.id, request.account_id, 'deleted');
    });
    return { deleted: true };
  }

  /** The unsubscribe link's action (its signature checked by the gateway): alerts stop, the search stays. */
  async unsubscribe(request: UnsubscribeSavedSearchRequest): Promise<UnsubscribedSavedSearch> {
    const row = await this.searches.transaction(async (tx) => {
      const unsubscribed = await this.searches.unsubscribe(tx, request.id);
      if (!unsubscribed) throw new AppError('not_found', 'This saved search no longer exists.');
      await this.closed(tx, unsubscribed.id, unsubscribed.account_id, 'unsubscribed');
      return unsubscribed;
    });
    return {
      id: row.id,
      account_id: row.account_id,
      name: row.name,
      unsubscribed_at: new Date(row.unsubscribed_at!).toISOString(),
    };
  }

  /** The notification service drops what still waits for the search: no digest follows an unsubscribe. */
  private async closed(
    tx: EntityManager,
    id: string,
    accountId: string,
    reason: SavedSearchClosedPayload['reason'],
  ): Promise<void> {
    await this.outbox.add<SavedSearchClosedPayload>(tx, CATALOGUE_SAVED_SEARCH_CLOSED, {
      saved_search_id: id,
      account_id: accountId,
      reason,
      closed_at: new Date().toISOString(),
    });
  }
}

/** The query's columns; a place word the gateway could not resolve is refused as GET would find nothing. */
function columnsOf(query: SearchPropertiesQuery, places: SavedSearchPlaces): SavedSearchColumns {
  const unresolved = unresolvedPlace(query, places);
  if (unresolved)
    throw new AppError('validation_error', `query.${unresolved} names no known ${unresolved}.`, {
      field: `query.${unresolved}`,
    });
  return savedSearchColumns(query, places);
}

function notFound(): AppError {
  return new AppError('not_found', 'You have no saved search with this id.');
}
