import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  BrokerPageRequest,
  CATALOGUE_BROKER_PAGE_PATTERN,
  CATALOGUE_VERIFICATION_DECIDE_PATTERN,
  CATALOGUE_VERIFICATION_DOCUMENT_PATTERN,
  CATALOGUE_VERIFICATION_GET_PATTERN,
  CATALOGUE_VERIFICATION_MODERATOR_VIEW_PATTERN,
  CATALOGUE_VERIFICATION_QUEUE_PATTERN,
  CATALOGUE_VERIFICATION_SUBMIT_PATTERN,
  VerificationDecisionRequest,
  VerificationDocumentRequest,
  VerificationRef,
  VerificationSubmitRequest,
} from '@app/contracts';
import type {
  BrokerPageData,
  VerificationQueueItem,
  VerificationQueueResponse,
  VerificationResponse,
} from '@app/contracts';
import { MessageData } from '@app/messaging';
import { VerificationService } from './verification.service';

@Controller()
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @MessagePattern(CATALOGUE_VERIFICATION_GET_PATTERN)
  get(@MessageData() request: VerificationRef): Promise<VerificationResponse> {
    return this.verification.get(request);
  }

  @MessagePattern(CATALOGUE_VERIFICATION_DOCUMENT_PATTERN)
  document(@MessageData() request: VerificationDocumentRequest): Promise<VerificationResponse> {
    return this.verification.setDocument(request);
  }

  @MessagePattern(CATALOGUE_VERIFICATION_SUBMIT_PATTERN)
  submit(@MessageData() request: VerificationSubmitRequest): Promise<VerificationResponse> {
    return this.verification.submit(request);
  }

  @MessagePattern(CATALOGUE_VERIFICATION_QUEUE_PATTERN)
  queue(): Promise<VerificationQueueResponse> {
    return this.verification.queue();
  }

  @MessagePattern(CATALOGUE_VERIFICATION_MODERATOR_VIEW_PATTERN)
  moderatorView(@MessageData() request: VerificationRef): Promise<VerificationQueueItem> {
    return this.verification.forModerator(request);
  }

  @MessagePattern(CATALOGUE_VERIFICATION_DECIDE_PATTERN)
  decide(@MessageData() request: VerificationDecisionRequest): Promise<VerificationQueueItem> {
    return this.verification.decide(request);
  }

  @MessagePattern(CATALOGUE_BROKER_PAGE_PATTERN)
  brokerPage(@MessageData() request: BrokerPageRequest): Promise<BrokerPageData> {
    return this.verification.brokerPage(request);
  }
}
