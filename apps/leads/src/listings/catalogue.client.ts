import { Injectable } from '@nestjs/common';
import { CATALOGUE_LISTING_OWNER_PATTERN } from '@app/contracts';
import type { ListingOwnerRequest, ListingOwnerResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';

/** The catalogue's answer to "whose listing is this?", typed. */
@Injectable()
export class CatalogueClient {
  constructor(private readonly rpc: RpcClient) {}

  owner(id: string): Promise<ListingOwnerResponse> {
    return this.rpc.send<ListingOwnerResponse, ListingOwnerRequest>(CATALOGUE_LISTING_OWNER_PATTERN, { id });
  }

  /** A listing buyers may act on: published. Anything else is 404 property_not_found, as the public search says. */
  async published(id: string): Promise<ListingOwnerResponse> {
    const listing = await this.owner(id);
    if (listing.status !== 'published') throw new AppError('property_not_found', 'No published property has this id.');
    return listing;
  }

  /** One of the workspace's own listings, any status; another workspace's is 404, its existence undisclosed. */
  async ofWorkspace(id: string, workspaceId: string): Promise<ListingOwnerResponse> {
    const listing = await this.owner(id).catch((err: unknown) => {
      if (err instanceof AppError && err.error === 'property_not_found') throw listingNotFound();
      throw err;
    });
    if (listing.workspace_id !== workspaceId) throw listingNotFound();
    return listing;
  }
}

function listingNotFound(): AppError {
  return new AppError('not_found', 'There is no such listing in your workspace.');
}
