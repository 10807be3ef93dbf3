import { withClient } from './databases';
import type { Platform } from './platform';

/**
 * The viewing's time has come: its start moved to an hour ago, straight in leads.bookings, so
 * that the broker may complete it (bookings are made for future slots only; in distributed
 * mode the leads service's clock cannot be moved).
 */
export async function viewingStarted(platform: Platform, bookingId: string): Promise<void> {
  const moved = await withClient(platform.databaseUrl, (client) =>
    client.query(`UPDATE leads.bookings SET scheduled_at = now() - interval '1 hour' WHERE id = $1`, [bookingId]),
  );
  if (moved.rowCount !== 1) throw new Error(`no booking ${bookingId}`);
}
