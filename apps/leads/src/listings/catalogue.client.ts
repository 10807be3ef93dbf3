import { Injectable } from '@nestjs/common';
import { ListingsRpc } from '@app/contracts';
import type { ListingOwner, ListingOwnerResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';

/** The catalogue's answer to "whose listing is this?", typed. */
@Injectable()
export class CatalogueClient {
  constructor(private readonly rpc: RpcClient) {}

  owner(id: string): Promise<ListingOwnerResponse> {
    return this.rpc.call(ListingsRpc.owner, { id });
  }

  /** A listing buyers may act on: published. Anything else is 404 property_not_found, as the public search says. */
  async published(id: string): Promise<ListingOwnerResponse> {
    const listing = await this.owner(id);
    if (listing.status !== 'published') throw new AppError('property_not_found', 'No published property has this id.');
    return listing;
  }

  /**
   * One of the owner's own listings (a workspace's or a seller's), any status; anyone else's is
   * 404, its existence undisclosed.
   */
  async ofOwner(id: string, owner: ListingOwner): Promise<ListingOwnerResponse> {
    const listing = await this.owner(id).catch((err: unknown) => {
      if (err instanceof AppError && err.error === 'property_not_found') throw listingNotFound();
      throw err;
    });
    const mine = owner.seller_id
      ? listing.seller_id === owner.seller_id
      : owner.workspace_id !== undefined && listing.workspace_id === owner.workspace_id;
    if (!mine) throw listingNotFound();
    return listing;
  }
}

/** A buyer acting on their own listing: their workspace's, or their own as a seller. */
export function ownListing(
  listing: ListingOwnerResponse,
  buyer: { account_id: string },
  workspaceId?: string,
): boolean {
  return (
    (workspaceId !== undefined && listing.workspace_id === workspaceId) ||
    (listing.seller_id !== null && listing.seller_id === buyer.account_id)
  );
}

function listingNotFound(): AppError {
  return new AppError('not_found', 'There is no such listing among yours.');
}
