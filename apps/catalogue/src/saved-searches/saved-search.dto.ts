import type { SavedSearch, SavedSearchesPage } from '@app/contracts';
import type { SavedSearchRow } from './saved-searches.repository';

/** A saved search as its owner sees it. */
export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    object: 'saved_search',
    id: row.id,
    name: row.name,
    frequency: row.frequency,
    query: row.query,
    unsubscribed_at: row.unsubscribed_at === null ? null : new Date(row.unsubscribed_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** `rows` holds one more than the page when there is more. */
export function toSavedSearchesPage(rows: SavedSearchRow[], limit: number, offset: number): SavedSearchesPage {
  return {
    object: 'list',
    data: rows.slice(0, limit).map(toSavedSearch),
    limit,
    offset,
    has_more: rows.length > limit,
  };
}
