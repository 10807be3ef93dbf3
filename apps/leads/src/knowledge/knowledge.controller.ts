import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CreateKnowledgeArticleRequest,
  CreateKnowledgeDocumentRequest,
  KnowledgeEntryRefRequest,
  LEADS_KNOWLEDGE_CREATE_PATTERN,
  LEADS_KNOWLEDGE_DELETE_PATTERN,
  LEADS_KNOWLEDGE_DOCUMENT_PATTERN,
  LEADS_KNOWLEDGE_GET_PATTERN,
  LEADS_KNOWLEDGE_LIST_PATTERN,
  LEADS_KNOWLEDGE_SEARCH_PATTERN,
  LEADS_KNOWLEDGE_UPDATE_PATTERN,
  ListKnowledgeRequest,
  SearchKnowledgeRequest,
  UpdateKnowledgeArticleRequest,
} from '@app/contracts';
import type { KnowledgeEntryResponse, KnowledgePageResponse, KnowledgeSearchResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { KnowledgeService } from './knowledge.service';

/** The knowledge-base message handlers: adapters onto the service. */
@Controller()
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @MessagePattern(LEADS_KNOWLEDGE_LIST_PATTERN)
  list(@MessageData() request: ListKnowledgeRequest): Promise<KnowledgePageResponse> {
    return this.knowledge.list(request);
  }

  @MessagePattern(LEADS_KNOWLEDGE_CREATE_PATTERN)
  create(@MessageData() request: CreateKnowledgeArticleRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.createArticle(request);
  }

  @MessagePattern(LEADS_KNOWLEDGE_DOCUMENT_PATTERN)
  createDocument(@MessageData() request: CreateKnowledgeDocumentRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.createDocument(request);
  }

  @MessagePattern(LEADS_KNOWLEDGE_GET_PATTERN)
  get(@MessageData() request: KnowledgeEntryRefRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.get(request);
  }

  @MessagePattern(LEADS_KNOWLEDGE_UPDATE_PATTERN)
  update(@MessageData() request: UpdateKnowledgeArticleRequest): Promise<KnowledgeEntryResponse> {
    return this.knowledge.update(request);
  }

  @MessagePattern(LEADS_KNOWLEDGE_DELETE_PATTERN)
  delete(@MessageData() request: KnowledgeEntryRefRequest): Promise<{ id: string; deleted: true }> {
    return this.knowledge.delete(request);
  }

  @MessagePattern(LEADS_KNOWLEDGE_SEARCH_PATTERN)
  search(@MessageData() request: SearchKnowledgeRequest): Promise<KnowledgeSearchResponse> {
    return this.knowledge.search(request);
  }
}
