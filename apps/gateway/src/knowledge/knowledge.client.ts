import { Injectable } from '@nestjs/common';
import { KnowledgeRpc } from '@app/contracts';
import type {
  AnswerKnowledgeRequest,
  CreateKnowledgeArticleRequest,
  CreateKnowledgeDocumentRequest,
  KnowledgeEntryRefRequest,
  ListKnowledgeRequest,
  SearchKnowledgeRequest,
  UpdateKnowledgeArticleRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The leads service's knowledge base, typed. */
@Injectable()
export class KnowledgeClient {
  constructor(private readonly rpc: RpcClient) {}

  list = (r: ListKnowledgeRequest) => this.rpc.call(KnowledgeRpc.list, r);
  createArticle = (r: CreateKnowledgeArticleRequest) => this.rpc.call(KnowledgeRpc.create, r);
  createDocument = (r: CreateKnowledgeDocumentRequest) => this.rpc.call(KnowledgeRpc.createFromDocument, r);
  get = (r: KnowledgeEntryRefRequest) => this.rpc.call(KnowledgeRpc.get, r);
  update = (r: UpdateKnowledgeArticleRequest) => this.rpc.call(KnowledgeRpc.update, r);
  delete = (r: KnowledgeEntryRefRequest) => this.rpc.call(KnowledgeRpc.delete, r);
  search = (r: SearchKnowledgeRequest) => this.rpc.call(KnowledgeRpc.search, r);
  answer = (r: AnswerKnowledgeRequest) => this.rpc.call(KnowledgeRpc.answer, r);
}
