import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ListingResponse } from '@app/contracts';
import { withClient } from './databases';
import { createAccount } from './identity-fixtures';
import { listingBody } from './listing-body';
import type { AccountFixture } from './identity-fixtures';
import type { Platform } from './platform';

/**
 * An image row written straight into catalogue.listing_images, for tests about listings rather
 * than images (test/e2e/listing-images.e2e-spec.ts uploads real ones); its keys point nowhere.
 */
export async function addListingImage(platform: Platform, listingId: string, position = 0): Promise<string> {
  const id = randomUUID();
  await withClient(platform.databaseUrl, (client) =>
    client.query(
      `INSERT INTO catalogue.listing_images (id, listing_id, position, display_key, thumb_key, width, height, bytes)
       VALUES ($1, $2, $3, $4, $5, 1600, 1200, 123456)`,
      [id, listingId, position, `listings/${listingId}/${id}.webp`, `listings/${listingId}/${id}-thumb.webp`],
    ),
  );
  return id;
}

/**
 * A listing published the way a broker and a moderator publish one, over the API: created (the
 * apartment of listingBody unless `fields` says otherwise), given an image, submitted and approved.
 */
export async function publishThroughApi(
  platform: Platform,
  tokens: { broker: string; moderator: string },
  fields: Record<string, unknown> = {},
): Promise<ListingResponse> {
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const draft = (await api().post('/v1/listings').set(as(tokens.broker)).send(listingBody(fields)).expect(201))
    .body as ListingResponse;
  await addListingImage(platform, draft.id);
  await api().post(`/v1/listings/${draft.id}/submit`).set(as(tokens.broker)).expect(200);
  return (await api().post(`/v1/moderation/listings/${draft.id}/approve`).set(as(tokens.moderator)).expect(200))
    .body as ListingResponse;
}

/** A platform moderator: a staff account, as `npm run create:moderator` makes one. */
export async function createModerator(platform: Platform): Promise<AccountFixture> {
  const account = await createAccount(platform, { accountRole: 'buyer' });
  await withClient(platform.databaseUrl, (client) =>
    client.query(`UPDATE identity.accounts SET is_staff = true WHERE id = $1`, [account.accountId]),
  );
  return account;
}

export interface ModerationLogRow {
  moderator_id: string | null;
  action: string;
  reason: string | null;
  flags: unknown;
}

export async function moderationLog(platform: Platform, listingId: string): Promise<ModerationLogRow[]> {
  const result = await withClient(platform.databaseUrl, (client) =>
    client.query<ModerationLogRow>(
      `SELECT moderator_id, action, reason, flags FROM catalogue.moderation_log WHERE listing_id = $1 ORDER BY created_at, id`,
      [listingId],
    ),
  );
  return result.rows;
}

export interface OutboxRow {
  subject: string;
  payload: Record<string, unknown>;
  published_at: Date | null;
}

/** The catalogue's recorded events about one listing, oldest first. */
export async function listingEvents(platform: Platform, listingId: string): Promise<OutboxRow[]> {
  const result = await withClient(platform.databaseUrl, (client) =>
    client.query<OutboxRow>(
      `SELECT subject, payload, published_at FROM catalogue.outbox WHERE payload->>'listing_id' = $1 ORDER BY created_at, id`,
      [listingId],
    ),
  );
  return result.rows;
}

export interface PublishedListingOptions {
  /** The owning workspace; or `sellerId` for a seller's own listing (exactly one). */
  workspaceId?: string;
  sellerId?: string;
  /** The listing's broker: the member whose phone a buyer reveals (a seller's listing: the seller). */
  createdBy: string;
  timeZone?: 'Asia/Riyadh' | 'Asia/Dubai';
  status?: 'draft' | 'pending' | 'published' | 'rejected';
}

/** A listing written straight into catalogue.listings, published unless told otherwise. */
export async function publishedListing(platform: Platform, options: PublishedListingOptions): Promise<string> {
  const dubai = options.timeZone === 'Asia/Dubai';
  const status = options.status ?? 'published';
  const result = await withClient(platform.databaseUrl, (client) =>
    client.query<{ id: string }>(
      `INSERT INTO catalogue.listings (workspace_id, seller_id, created_by, status, property_type, title_en, title_ar, price,
         currency, price_sar, country_code, city_id, district_id, city_en, city_ar, district_en, district_ar,
         time_zone, area_sqm, bedrooms, bathrooms, listed_at)
       VALUES ($10, $11, $1, $2, 'apartment', 'Sea-view apartment', 'شقة بإطلالة بحرية', 1500000, $3, 1500000, $4,
         1, 2, $5, $6, $7, $8, $9, 120, 2, 2, CASE WHEN $2 = 'published' THEN now() END)
       RETURNING id`,
      [
        options.createdBy,
        status,
        dubai ? 'AED' : 'SAR',
        dubai ? 'AE' : 'SA',
        dubai ? 'Dubai' : 'Riyadh',
        dubai ? 'دبي' : 'الرياض',
        dubai ? 'Dubai Marina' : 'Al Olaya',
        dubai ? 'دبي مارينا' : 'العليا',
        options.timeZone ?? 'Asia/Riyadh',
        options.sellerId ? null : (options.workspaceId ?? null),
        options.sellerId ?? null,
      ],
    ),
  );
  return result.rows[0].id;
}

/** Sets an account's phone (identity), e.g. the broker's for a phone reveal. */
export async function setPhone(platform: Platform, accountId: string, phone: string): Promise<void> {
  await withClient(platform.databaseUrl, (client) =>
    client.query(`UPDATE identity.accounts SET phone = $2 WHERE id = $1`, [accountId, phone]),
  );
}

export interface PriceChangeRow {
  price_sar: number;
  changed_at: Date;
}

/** A listing's stored price history (catalogue.listing_price_changes), oldest first. */
export async function priceChanges(platform: Platform, listingId: string): Promise<PriceChangeRow[]> {
  const result = await withClient(platform.databaseUrl, (client) =>
    client.query<PriceChangeRow>(
      `SELECT price_sar::float8 AS price_sar, changed_at FROM catalogue.listing_price_changes
        WHERE listing_id = $1 ORDER BY changed_at, id`,
      [listingId],
    ),
  );
  return result.rows;
}

/** Moves a listing's recorded price change at this price `daysAgo` into the past (the 30-day window's tests). */
export async function backdatePrice(
  platform: Platform,
  listingId: string,
  priceSar: number,
  daysAgo: number,
): Promise<void> {
  await withClient(platform.databaseUrl, (client) =>
    client.query(
      `UPDATE catalogue.listing_price_changes SET changed_at = now() - make_interval(days => $3)
        WHERE listing_id = $1 AND price_sar = $2`,
      [listingId, priceSar, daysAgo],
    ),
  );
}
