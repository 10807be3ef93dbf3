import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from '@app/validation';
import { LANGUAGES } from './access';
import type { Language } from './access';
import {
  KNOWLEDGE_BODY_MAX,
  KNOWLEDGE_KINDS,
  KNOWLEDGE_QUERY_MAX,
  KNOWLEDGE_QUESTION_MAX,
  KNOWLEDGE_TITLE_MAX,
  KNOWLEDGE_WRITTEN_KINDS,
} from './knowledge.contract';
import type { KnowledgeKind, KnowledgeWrittenKind } from './knowledge.contract';
import { PageQuery } from './paging';

/**
 * The bodies and queries of a project's knowledge-base routes, as the gateway validates them (its
 * global ValidationPipe) and documents them (docs/openapi.md). The gateway adds the caller and the
 * project and turns each into the leads service's request (knowledge.contract.ts).
 */

export class ListKnowledgeQuery extends PageQuery {
  /** Only entries of this kind. */
  @IsOptional()
  @IsIn(KNOWLEDGE_KINDS)
  kind?: KnowledgeKind;
}

/** The text fields of an article or FAQ entry: a title and a body in English, Arabic, or both. */
export class KnowledgeArticleFields {
  /** Title in English (an FAQ entry's question) */
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_en?: string | null;

  /** Title in Arabic (an FAQ entry's question) */
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_ar?: string | null;

  /** Text in English (an FAQ entry's answer); paragraphs separated by blank lines, markdown headings allowed */
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_en?: string | null;

  /** Text in Arabic (an FAQ entry's answer); paragraphs separated by blank lines, markdown headings allowed */
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_ar?: string | null;
}

export class CreateKnowledgeArticleBody extends KnowledgeArticleFields {
  /** `article`, or `faq` (title: the question, body: the answer). */
  @IsOptional()
  @IsIn(KNOWLEDGE_WRITTEN_KINDS)
  kind?: KnowledgeWrittenKind = 'article';
}

/** Fields sent replace the stored ones (`null` removes a language); fields left out stay. */
export class UpdateKnowledgeArticleBody extends KnowledgeArticleFields {}

export class SearchKnowledgeQuery {
  /** A question, Arabic or English */
  @IsString()
  @IsNotEmpty()
  @MaxLength(KNOWLEDGE_QUERY_MAX)
  q: string;

  /** The passages' language; default: the language of q */
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  /** How many passages, best first. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number = 5;
}

export class AnswerKnowledgeBody {
  /** A visitor's question, Arabic or English */
  @IsString()
  @IsNotEmpty()
  @MaxLength(KNOWLEDGE_QUESTION_MAX)
  question: string;

  /** The language to answer in; default: the language of question */
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}
