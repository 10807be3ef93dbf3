import { Injectable } from '@nestjs/common';
import { IdentityRpc, ListingsRpc } from '@app/contracts';
import type { ListingOwnerResponse, Recipient, RecipientsRequest } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import type { AccountAudience } from '../rules/notification-rules';

/** Whom to write to (identity, in the gateway) and what about (the catalogue's listing titles). */
@Injectable()
export class DirectoryClient {
  constructor(private readonly rpc: RpcClient) {}

  async recipients(audience: AccountAudience): Promise<Recipient[]> {
    const request: RecipientsRequest =
      'account_ids' in audience
        ? { account_ids: audience.account_ids }
        : { workspace_id: audience.workspace_id, roles: audience.roles };
    const response = await this.rpc.call(IdentityRpc.recipients, request);
    return response.recipients;
  }

  /** The listing's titles and clock, or null when it is gone (a deleted listing's events still notify). */
  async listing(id: string): Promise<ListingOwnerResponse | null> {
    try {
      return await this.rpc.call(ListingsRpc.owner, { id });
    } catch (err) {
      if ((err as { error?: string }).error === 'property_not_found') return null;
      throw err;
    }
  }
}
