import { Controller } from '@nestjs/common';
import { ApproveListingRequest, ModerationQueueRequest, RejectListingRequest, ModerationRpc } from '@app/contracts';
import type { ListingResponse, ListingsPageResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { ModerationService } from './moderation.service';

/** Moderation message handlers (the gateway admits platform moderators only). */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @RpcHandler(ModerationRpc.queue)
  queue(@MessageData() request: ModerationQueueRequest): Promise<ListingsPageResponse> {
    return this.moderation.queue(request);
  }

  @RpcHandler(ModerationRpc.approve)
  approve(@MessageData() request: ApproveListingRequest): Promise<ListingResponse> {
    return this.moderation.approve(request);
  }

  @RpcHandler(ModerationRpc.reject)
  reject(@MessageData() request: RejectListingRequest): Promise<ListingResponse> {
    return this.moderation.reject(request);
  }
}
