import { Injectable } from '@nestjs/common';
import { ModerationRpc, pageOf } from '@app/contracts';
import type { ListingResponse, ListingsPageResponse, PageQuery, Principal, RejectListingBody } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The moderators' queue and decisions, recorded by the catalogue under the moderator's account. */
@Injectable()
export class ModerationService {
  constructor(private readonly rpc: RpcClient) {}

  queue(query: PageQuery): Promise<ListingsPageResponse> {
    return this.rpc.call(ModerationRpc.queue, pageOf(query));
  }

  approve(principal: Principal, id: string): Promise<ListingResponse> {
    return this.rpc.call(ModerationRpc.approve, { moderator_id: moderatorId(principal), id });
  }

  reject(principal: Principal, id: string, body: RejectListingBody): Promise<ListingResponse> {
    return this.rpc.call(ModerationRpc.reject, { ...body, moderator_id: moderatorId(principal), id });
  }
}

/** @Moderator() admits user tokens only. */
function moderatorId(principal: Principal): string {
  if (principal.kind !== 'user') throw new Error('Moderator routes take user tokens only');
  return principal.accountId;
}
