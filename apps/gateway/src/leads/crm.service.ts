import { Injectable } from '@nestjs/common';
import { LeadsRpc, pageOf } from '@app/contracts';
import type { LeadResponse, LeadsPageResponse, ListLeadsQuery, Principal, UpdateLeadBody } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { listingOwnerOf } from '../catalogue/listing-owner';
import { pathId } from './lead-parties';

/** The owner side's lead pipeline: its stages and outcomes. */
@Injectable()
export class CrmService {
  constructor(private readonly rpc: RpcClient) {}

  list(principal: Principal, query: ListLeadsQuery): Promise<LeadsPageResponse> {
    return this.rpc.call(LeadsRpc.listLeads, {
      ...listingOwnerOf(principal),
      account_id: principal.accountId,
      ...query,
      ...pageOf(query),
    });
  }

  update(principal: Principal, id: string, body: UpdateLeadBody): Promise<LeadResponse> {
    return this.rpc.call(LeadsRpc.updateLead, {
      ...listingOwnerOf(principal),
      account_id: principal.accountId,
      ...body,
      id: pathId(id, 'lead'),
    });
  }
}
