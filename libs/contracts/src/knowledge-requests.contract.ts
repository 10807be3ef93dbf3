import { IsIn, IsInt, IsNotEmpty, IsString, IsUUID, MaxLength, Min } from '@app/validation';
import {
  AnswerKnowledgeBody,
  CreateKnowledgeArticleBody,
  ListKnowledgeQuery,
  SearchKnowledgeQuery,
  UpdateKnowledgeArticleBody,
} from './knowledge-http.contract';
import type {
  KnowledgeAnswerResponse,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
} from './knowledge-responses.contract';
import { KNOWLEDGE_DOCUMENT_TEXT_MAX, KNOWLEDGE_DOCUMENT_TYPES, KnowledgeProjectRef } from './knowledge.contract';
import type { KnowledgeDocumentType, KnowledgeWrittenKind } from './knowledge.contract';
import { ForProject } from './request-mixins';
import { rpc } from './rpc-descriptor';

/**
 * The leads service's knowledge-base requests: a route's body or query (knowledge-http.contract.ts)
 * with the caller and the project the gateway adds, so a body's fields and rules are written once.
 * Fields the gateway always fills (a default, the page) are declared present here.
 */

export class ListKnowledgeRequest extends ForProject(ListKnowledgeQuery) {
  declare limit: number;
  declare offset: number;
}

/** An article or FAQ entry: a title and a body in English, in Arabic, or both (an FAQ's title is its question). */
export class CreateKnowledgeArticleRequest extends ForProject(CreateKnowledgeArticleBody) {
  declare kind: KnowledgeWrittenKind;
}

/** An uploaded document, as text: the gateway reads the file (PDF text extracted there). */
export class CreateKnowledgeDocumentRequest extends KnowledgeProjectRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  file_name: string;

  @IsIn(KNOWLEDGE_DOCUMENT_TYPES)
  media_type: KnowledgeDocumentType;

  @IsInt()
  @Min(1)
  size_bytes: number;

  @IsString()
  @MaxLength(KNOWLEDGE_DOCUMENT_TEXT_MAX)
  text: string;
}

export class KnowledgeEntryRefRequest extends KnowledgeProjectRef {
  @IsUUID()
  id: string;
}

export class UpdateKnowledgeArticleRequest extends ForProject(UpdateKnowledgeArticleBody) {
  @IsUUID()
  id: string;
}

export class SearchKnowledgeRequest extends ForProject(SearchKnowledgeQuery) {
  declare limit: number;
}

/** What the widget assistant would answer: the author's preview. */
export class AnswerKnowledgeRequest extends ForProject(AnswerKnowledgeBody) {}

/**
 * The knowledge base of a developer project (leads service): articles, FAQ entries and
 * uploaded documents, split into passages the widget's assistant retrieves and cites.
 */
export const KnowledgeRpc = {
  list: rpc<ListKnowledgeRequest, KnowledgePageResponse>('rpc.leads.knowledge.list.v1'),
  create: rpc<CreateKnowledgeArticleRequest, KnowledgeEntryResponse>('rpc.leads.knowledge.create.v1'),
  createFromDocument: rpc<CreateKnowledgeDocumentRequest, KnowledgeEntryResponse>('rpc.leads.knowledge.document.v1'),
  get: rpc<KnowledgeEntryRefRequest, KnowledgeEntryResponse>('rpc.leads.knowledge.get.v1'),
  update: rpc<UpdateKnowledgeArticleRequest, KnowledgeEntryResponse>('rpc.leads.knowledge.update.v1'),
  delete: rpc<KnowledgeEntryRefRequest, { id: string; deleted: true }>('rpc.leads.knowledge.delete.v1'),
  search: rpc<SearchKnowledgeRequest, KnowledgeSearchResponse>('rpc.leads.knowledge.search.v1'),
  answer: rpc<AnswerKnowledgeRequest, KnowledgeAnswerResponse>('rpc.leads.knowledge.answer.v1'),
};
