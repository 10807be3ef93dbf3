import { Controller } from '@nestjs/common';
import {
  AnswerKnowledgeRequest,
  CreateKnowledgeArticleRequest,
  CreateKnowledgeDocumentRequest,
  KnowledgeEntryRefRequest,
  ListKnowledgeRequest,
  SearchKnowledgeRequest,
  UpdateKnowledgeArticleRequest,
  KnowledgeRpc,
} from '@app/contracts';
import type {
  KnowledgeAnswerResponse,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
} from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { KnowledgeService } from './knowledge.service';

/** The knowledge-base message handlers: adapters onto the service. */
@Controller()
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @RpcHandler(KnowledgeRpc.list)
  list(@MessageData() request: ListKnowledgeRequest): Promise<KnowledgePageResponse> {
    return this.knowledge.list(request);
  }

  @RpcHandler(KnowledgeRpc.create)
  create(@MessageData() request: CreateKnowledgeArticleRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.createArticle(request);
  }

  @RpcHandler(KnowledgeRpc.createFromDocument)
  createDocument(@MessageData() request: CreateKnowledgeDocumentRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.createDocument(request);
  }

  @RpcHandler(KnowledgeRpc.get)
  get(@MessageData() request: KnowledgeEntryRefRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.get(request);
  }

  @RpcHandler(KnowledgeRpc.update)
  update(@MessageData() request: UpdateKnowledgeArticleRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.update(request);
  }

  @RpcHandler(KnowledgeRpc.delete)
  delete(@MessageData() request: KnowledgeEntryRefRequest): Promise<{ id: string; deleted: true }> {
    return this.knowledge.delete(request);
  }

  @RpcHandler(KnowledgeRpc.search)
  search(@MessageData() request: SearchKnowledgeRequest): Promise<KnowledgeSearchResponse> {
    return this.knowledge.search(request);
  }

  @RpcHandler(KnowledgeRpc.answer)
  answer(@MessageData() request: AnswerKnowledgeRequest): Promise<KnowledgeAnswerResponse> {
    return this.knowledge.answer(request);
  }
}
