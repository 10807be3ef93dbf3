import { Injectable } from '@nestjs/common';
import { ListingsRpc, pageOf } from '@app/contracts';
import type {
  CreateListingBody,
  ListListingsQuery,
  ListingDeletedResponse,
  ListingResponse,
  ListingsPageResponse,
  Principal,
  UpdateListingBody,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { EmailVerification } from '../identity/accounts/email-verification';
import { listingOwnerOf } from './listing-owner';

/** A caller's own listings for REST and MCP alike: the owner from the credential, the listing from the catalogue. */
@Injectable()
export class ListingsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly emails: EmailVerification,
  ) {}

  create(principal: Principal, body: CreateListingBody): Promise<ListingResponse> {
    return this.rpc.call(ListingsRpc.create, {
      ...body,
      ...listingOwnerOf(principal),
      created_by: principal.accountId,
    });
  }

  list(principal: Principal, query: ListListingsQuery): Promise<ListingsPageResponse> {
    return this.rpc.call(ListingsRpc.list, { ...query, ...pageOf(query), ...listingOwnerOf(principal) });
  }

  get(principal: Principal, id: string): Promise<ListingResponse> {
    return this.rpc.call(ListingsRpc.get, { ...listingOwnerOf(principal), id });
  }

  update(principal: Principal, id: string, body: UpdateListingBody): Promise<ListingResponse> {
    return this.rpc.call(ListingsRpc.update, { ...body, ...listingOwnerOf(principal), id });
  }

  delete(principal: Principal, id: string): Promise<ListingDeletedResponse> {
    return this.rpc.call(ListingsRpc.delete, { ...listingOwnerOf(principal), id });
  }

  /** Publication needs a confirmed e-mail address (a key's: its creator's). */
  async submit(principal: Principal, id: string): Promise<ListingResponse> {
    await this.emails.assertVerified(principal.accountId, 'submit a listing for publication');
    return this.rpc.call(ListingsRpc.submit, { ...listingOwnerOf(principal), id });
  }
}
