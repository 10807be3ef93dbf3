import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  ApproveListingRequest,
  CATALOGUE_MODERATION_APPROVE_PATTERN,
  CATALOGUE_MODERATION_QUEUE_PATTERN,
  CATALOGUE_MODERATION_REJECT_PATTERN,
  ModerationQueueRequest,
  RejectListingRequest,
} from '@app/contracts';
import type { ListingResponse, ListingsPageResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { ModerationService } from './moderation.service';

/** Moderation message handlers (the gateway admits platform moderators only). */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @MessagePattern(CATALOGUE_MODERATION_QUEUE_PATTERN)
  queue(@MessageData() request: ModerationQueueRequest): Promise<ListingsPageResponse> {
    return this.moderation.queue(request);
  }

  @MessagePattern(CATALOGUE_MODERATION_APPROVE_PATTERN)
  approve(@MessageData() request: ApproveListingRequest): Promise<ListingResponse> {
    return this.moderation.approve(request);
  }

  @MessagePattern(CATALOGUE_MODERATION_REJECT_PATTERN)
  reject(@MessageData() request: RejectListingRequest): Promise<ListingResponse> {
    return this.moderation.reject(request);
  }
}
