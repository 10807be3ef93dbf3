import { Controller } from '@nestjs/common';
import {
  BrokerPageRequest,
  VerificationDecisionRequest,
  VerificationDocumentRequest,
  VerificationRef,
  VerificationSubmitRequest,
  VerificationRpc,
} from '@app/contracts';
import type {
  BrokerPageData,
  VerificationQueueItem,
  VerificationQueueResponse,
  VerificationResponse,
} from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { VerificationService } from './verification.service';

@Controller()
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @RpcHandler(VerificationRpc.get)
  get(@MessageData() request: VerificationRef): Promise<VerificationResponse> {
    return this.verification.get(request);
  }

  @RpcHandler(VerificationRpc.addDocument)
  document(@MessageData() request: VerificationDocumentRequest): Promise<VerificationResponse> {
    return this.verification.setDocument(request);
  }

  @RpcHandler(VerificationRpc.submit)
  submit(@MessageData() request: VerificationSubmitRequest): Promise<VerificationResponse> {
    return this.verification.submit(request);
  }

  @RpcHandler(VerificationRpc.queue)
  queue(): Promise<VerificationQueueResponse> {
    return this.verification.queue();
  }

  @RpcHandler(VerificationRpc.moderatorView)
  moderatorView(@MessageData() request: VerificationRef): Promise<VerificationQueueItem> {
    return this.verification.forModerator(request);
  }

  @RpcHandler(VerificationRpc.decide)
  decide(@MessageData() request: VerificationDecisionRequest): Promise<VerificationQueueItem> {
    return this.verification.decide(request);
  }

  @RpcHandler(VerificationRpc.brokerPage)
  brokerPage(@MessageData() request: BrokerPageRequest): Promise<BrokerPageData> {
    return this.verification.brokerPage(request);
  }
}
