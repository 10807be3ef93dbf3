import { ApiProperty } from '@nestjs/swagger';
import { KNOWLEDGE_KINDS, LANGUAGES } from '@app/contracts';
import type {
  KnowledgeAnswerCitation,
  KnowledgeAnswerResponse,
  KnowledgeEntryResponse,
  KnowledgeKind,
  KnowledgePageResponse,
  KnowledgeSearchHit,
  KnowledgeSearchResponse,
  Language,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

/** The knowledge-base shapes for the OpenAPI document (the shape is the contract's). */
const nullableString = { type: String, nullable: true } as const;

export class KnowledgePassageCountsDto {
  @ApiProperty({ minimum: 0 })
  en: number;

  @ApiProperty({ minimum: 0 })
  ar: number;
}

export class KnowledgeEntryDto implements KnowledgeEntryResponse {
  @ApiProperty({ enum: ['knowledge_entry'] })
  object: 'knowledge_entry';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  project_id: string;

  @ApiProperty({ enum: KNOWLEDGE_KINDS })
  kind: KnowledgeKind;

  @ApiProperty({ ...nullableString, description: "A document's title (its file name) is in its language's field" })
  title_en: string | null;

  @ApiProperty(nullableString)
  title_ar: string | null;

  @ApiProperty({ ...nullableString, description: 'null for documents (their text is in the passages)' })
  body_en: string | null;

  @ApiProperty(nullableString)
  body_ar: string | null;

  @ApiProperty(nullableString)
  file_name: string | null;

  @ApiProperty({ ...nullableString, enum: ['text/plain', 'text/markdown', 'application/pdf'] })
  media_type: string | null;

  @ApiProperty({ type: Number, nullable: true })
  size_bytes: number | null;

  @ApiProperty({ type: KnowledgePassageCountsDto, description: 'Passages retrieval indexes, by language' })
  passages: KnowledgePassageCountsDto;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class KnowledgePageDto extends PageDto(KnowledgeEntryDto) implements KnowledgePageResponse {}

export class KnowledgeEntryDeletedDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}

export class KnowledgeSearchHitDto implements KnowledgeSearchHit {
  @ApiProperty({ format: 'uuid' })
  passage_id: string;

  @ApiProperty({ format: 'uuid' })
  entry_id: string;

  @ApiProperty({ example: 'article:0b8f…', description: 'What a citation of this passage carries' })
  source_id: string;

  @ApiProperty({ enum: KNOWLEDGE_KINDS })
  kind: KnowledgeKind;

  @ApiProperty({ enum: LANGUAGES })
  language: Language;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'The start of the passage' })
  excerpt: string;

  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: "Share of the question's terms in the passage, each weighted by its rarity in this knowledge base",
  })
  score: number;

  @ApiProperty({ description: 'score at or above the threshold: the assistant would answer from it' })
  relevant: boolean;
}

export class KnowledgeSearchDto implements KnowledgeSearchResponse {
  @ApiProperty({ enum: ['knowledge_search'] })
  object: 'knowledge_search';

  @ApiProperty()
  q: string;

  @ApiProperty({ enum: LANGUAGES })
  language: Language;

  @ApiProperty({ minimum: 0, maximum: 1 })
  threshold: number;

  @ApiProperty({ description: 'false: the assistant would say it does not know and offer a person' })
  relevant: boolean;

  @ApiProperty({ type: [KnowledgeSearchHitDto] })
  data: KnowledgeSearchHitDto[];
}

export class KnowledgeAnswerCitationDto implements KnowledgeAnswerCitation {
  @ApiProperty({ example: 'article:0b8f…', description: '`article:<entry id>`, or `units` (the live unit list)' })
  source_id: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  excerpt: string;
}

export class KnowledgeAnswerDto implements KnowledgeAnswerResponse {
  @ApiProperty({ enum: ['knowledge_answer'] })
  object: 'knowledge_answer';

  @ApiProperty({ enum: LANGUAGES })
  language: Language;

  @ApiProperty({
    enum: ['answer', 'unknown'],
    description: '`unknown`: nothing relevant; the widget says it does not know and offers a person',
  })
  kind: 'answer' | 'unknown';

  @ApiProperty({ type: String, nullable: true, description: 'null when unknown' })
  text: string | null;

  @ApiProperty({ type: [KnowledgeAnswerCitationDto] })
  citations: KnowledgeAnswerCitationDto[];
}
