import { IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, IsUUID, Max, Min } from '@app/validation';
import { LANGUAGES } from './access';
import type { Language } from './access';
import { KNOWLEDGE_DOCUMENT_TYPES, KNOWLEDGE_KINDS } from './knowledge.contract';
import type { KnowledgeKind } from './knowledge.contract';
import { ListPage } from './paging';

/**
 * What the leads service answers for a project's knowledge base and the gateway serves as is
 * (spec 4.6). The gateway's OpenAPI document is generated from these classes (docs/openapi.md).
 */

/** How many passages retrieval indexes for an entry, by language. */
export class KnowledgePassageCounts {
  /** English passages. */
  @IsInt()
  @Min(0)
  en: number;

  /** Arabic passages. */
  @IsInt()
  @Min(0)
  ar: number;
}

export class KnowledgeEntryResponse {
  /** Always `knowledge_entry`. */
  @IsIn(['knowledge_entry'])
  object: 'knowledge_entry';

  /** The entry id. */
  @IsUUID()
  id: string;

  /** The project whose knowledge base it is in. */
  @IsUUID()
  project_id: string;

  /** An article, an FAQ entry or an uploaded document. */
  @IsIn(KNOWLEDGE_KINDS)
  kind: KnowledgeKind;

  /** A document's title (its file name) is in its language's field */
  @IsOptional()
  @IsString()
  title_en: string | null;

  /** The Arabic title. */
  @IsOptional()
  @IsString()
  title_ar: string | null;

  /** null for documents (their text is in the passages) */
  @IsOptional()
  @IsString()
  body_en: string | null;

  /** The Arabic text; null for documents. */
  @IsOptional()
  @IsString()
  body_ar: string | null;

  /** Documents: the uploaded file's name. */
  @IsOptional()
  @IsString()
  file_name: string | null;

  /** Documents: the uploaded file's type. */
  @IsOptional()
  @IsIn(KNOWLEDGE_DOCUMENT_TYPES)
  media_type: string | null;

  /** Documents: the uploaded file's size. */
  @IsOptional()
  @IsNumber()
  size_bytes: number | null;

  /** Passages retrieval indexes, by language */
  passages: KnowledgePassageCounts;

  /** When it was created. */
  @IsISO8601()
  created_at: string;

  /** When it last changed. */
  @IsISO8601()
  updated_at: string;
}

export class KnowledgePageResponse extends ListPage {
  /** The entries. */
  data: KnowledgeEntryResponse[];
}

export class KnowledgeEntryDeletedResponse {
  /** The deleted entry's id. */
  @IsUUID()
  id: string;

  /** Always true. */
  @IsIn([true])
  deleted: true;
}

export class KnowledgeSearchHit {
  /** The passage id. */
  @IsUUID()
  passage_id: string;

  /** The entry it is from. */
  @IsUUID()
  entry_id: string;

  /**
   * What a citation of this passage carries
   * @example "article:0b8f…"
   */
  @IsString()
  source_id: string;

  /** The entry's kind. */
  @IsIn(KNOWLEDGE_KINDS)
  kind: KnowledgeKind;

  /** The passage's language. */
  @IsIn(LANGUAGES)
  language: Language;

  /** The entry's title in that language. */
  @IsString()
  title: string;

  /** The start of the passage */
  @IsString()
  excerpt: string;

  /** Share of the question's terms in the passage, each weighted by its rarity in this knowledge base */
  @IsNumber()
  @Min(0)
  @Max(1)
  score: number;

  /** score at or above the threshold: the assistant would answer from it */
  @IsBoolean()
  relevant: boolean;
}

export class KnowledgeSearchResponse {
  /** Always `knowledge_search`. */
  @IsIn(['knowledge_search'])
  object: 'knowledge_search';

  /** The question searched for. */
  @IsString()
  q: string;

  /** The passages' language. */
  @IsIn(LANGUAGES)
  language: Language;

  /** The score a passage needs for the assistant to use it. */
  @IsNumber()
  @Min(0)
  @Max(1)
  threshold: number;

  /** false: the assistant would say it does not know and offer a person */
  @IsBoolean()
  relevant: boolean;

  /** The passages, best first. */
  data: KnowledgeSearchHit[];
}

export class KnowledgeAnswerCitation {
  /**
   * `article:<entry id>`, or `units` (the live unit list)
   * @example "article:0b8f…"
   */
  @IsString()
  source_id: string;

  /** The source's title. */
  @IsString()
  title: string;

  /** The passage the answer drew on. */
  @IsString()
  excerpt: string;
}

export class KnowledgeAnswerResponse {
  /** Always `knowledge_answer`. */
  @IsIn(['knowledge_answer'])
  object: 'knowledge_answer';

  /** The answer's language. */
  @IsIn(LANGUAGES)
  language: Language;

  /** `unknown`: nothing relevant; the widget says it does not know and offers a person */
  @IsIn(['answer', 'unknown'])
  kind: 'answer' | 'unknown';

  /** null when unknown */
  @IsOptional()
  @IsString()
  text: string | null;

  /** The sources the answer cites. */
  citations: KnowledgeAnswerCitation[];
}
