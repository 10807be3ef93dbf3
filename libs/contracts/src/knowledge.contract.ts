import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from '@app/validation';
import { LANGUAGES } from './access';
import type { Language } from './access';
import { Paged } from './paging';
import type {
  KnowledgeAnswerResponse,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
} from './knowledge-responses.contract';
import { rpc } from './rpc-descriptor';

export const KNOWLEDGE_KINDS = ['article', 'faq', 'document'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];
/** What an author writes by hand; documents come from an upload. */
export const KNOWLEDGE_WRITTEN_KINDS = ['article', 'faq'] as const;
export type KnowledgeWrittenKind = (typeof KNOWLEDGE_WRITTEN_KINDS)[number];

export const KNOWLEDGE_TITLE_MAX = 300;
export const KNOWLEDGE_BODY_MAX = 20_000;
/** Extracted text of one document, in characters (a long brochure is a few tens of thousands). */
export const KNOWLEDGE_DOCUMENT_TEXT_MAX = 300_000;
export const KNOWLEDGE_QUERY_MAX = 500;
/** A visitor's message, as the widget takes it. */
export const KNOWLEDGE_QUESTION_MAX = 2000;
export const KNOWLEDGE_DOCUMENT_TYPES = ['text/plain', 'text/markdown', 'application/pdf'] as const;
export type KnowledgeDocumentType = (typeof KNOWLEDGE_DOCUMENT_TYPES)[number];

/** A member of the project's workspace. */
export class KnowledgeProjectRef {
  @IsUUID()
  workspace_id: string;

  @IsUUID()
  account_id: string;

  @IsUUID()
  project_id: string;
}

export class ListKnowledgeRequest extends Paged(KnowledgeProjectRef) {
  @IsOptional()
  @IsIn(KNOWLEDGE_KINDS)
  kind?: KnowledgeKind;
}

/** An article or FAQ entry: a title and a body in English, in Arabic, or both (an FAQ's title is its question). */
export class CreateKnowledgeArticleRequest extends KnowledgeProjectRef {
  @IsIn(KNOWLEDGE_WRITTEN_KINDS)
  kind: KnowledgeWrittenKind;

  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_en?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_ar?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_en?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_ar?: string | null;
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

export class UpdateKnowledgeArticleRequest extends KnowledgeEntryRefRequest {
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_en?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_ar?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_en?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_ar?: string | null;
}

export class SearchKnowledgeRequest extends KnowledgeProjectRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(KNOWLEDGE_QUERY_MAX)
  q: string;

  /** Unset: the language of `q` (Arabic letters → ar). */
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  @IsInt()
  @Min(1)
  @Max(20)
  limit: number;
}

/** What the widget assistant would answer: the author's preview. */
export class AnswerKnowledgeRequest extends KnowledgeProjectRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(KNOWLEDGE_QUESTION_MAX)
  question: string;

  /** Unset: the language of `question`. */
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

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
