import { Injectable } from '@nestjs/common';
import {
  LEADS_KNOWLEDGE_CREATE_PATTERN,
  LEADS_KNOWLEDGE_DELETE_PATTERN,
  LEADS_KNOWLEDGE_DOCUMENT_PATTERN,
  LEADS_KNOWLEDGE_GET_PATTERN,
  LEADS_KNOWLEDGE_LIST_PATTERN,
  LEADS_KNOWLEDGE_SEARCH_PATTERN,
  LEADS_KNOWLEDGE_UPDATE_PATTERN,
} from '@app/contracts';
import type {
  CreateKnowledgeArticleRequest,
  CreateKnowledgeDocumentRequest,
  KnowledgeEntryRefRequest,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
  ListKnowledgeRequest,
  SearchKnowledgeRequest,
  UpdateKnowledgeArticleRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The leads service's knowledge base, typed. */
@Injectable()
export class KnowledgeClient {
  constructor(private readonly rpc: RpcClient) {}

  list = (r: ListKnowledgeRequest) => this.rpc.send<KnowledgePageResponse>(LEADS_KNOWLEDGE_LIST_PATTERN, r);
  createArticle = (r: CreateKnowledgeArticleRequest) =>
    this.rpc.send<KnowledgeEntryResponse>(LEADS_KNOWLEDGE_CREATE_PATTERN, r);
  createDocument = (r: CreateKnowledgeDocumentRequest) =>
    this.rpc.send<KnowledgeEntryResponse>(LEADS_KNOWLEDGE_DOCUMENT_PATTERN, r);
  get = (r: KnowledgeEntryRefRequest) => this.rpc.send<KnowledgeEntryResponse>(LEADS_KNOWLEDGE_GET_PATTERN, r);
  update = (r: UpdateKnowledgeArticleRequest) =>
    this.rpc.send<KnowledgeEntryResponse>(LEADS_KNOWLEDGE_UPDATE_PATTERN, r);
  delete = (r: KnowledgeEntryRefRequest) =>
    this.rpc.send<{ id: string; deleted: true }>(LEADS_KNOWLEDGE_DELETE_PATTERN, r);
  search = (r: SearchKnowledgeRequest) => this.rpc.send<KnowledgeSearchResponse>(LEADS_KNOWLEDGE_SEARCH_PATTERN, r);
}
