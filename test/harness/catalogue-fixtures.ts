import { randomUUID } from 'node:crypto';
import { withClient } from './databases';
import { createAccount } from './identity-fixtures';
import type { AccountFixture } from './identity-fixtures';
import type { Platform } from './platform';

/**
 * An image row written straight into catalogue.listing_images (the upload route is another
 * branch's); the keys point nowhere, which the listing routes never need.
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
