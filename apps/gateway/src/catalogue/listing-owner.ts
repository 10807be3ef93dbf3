import type { ListingOwner, Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { isSeller } from '../identity/access/principal-workspace';

/**
 * Whose listings the caller manages: their workspace's (members and its API keys), or their
 * own as a seller (spec 1: sellers list their own property, without a workspace).
 */
export function listingOwnerOf(principal: Principal): ListingOwner {
  if (principal.workspaceId) return { workspace_id: principal.workspaceId };
  if (isSeller(principal)) return { seller_id: principal.accountId };
  throw new AppError('forbidden', 'Listings are managed by broker and developer workspaces and by sellers.');
}
