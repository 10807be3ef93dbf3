import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  KNOWLEDGE_BODY_MAX,
  KNOWLEDGE_KINDS,
  KNOWLEDGE_QUERY_MAX,
  KNOWLEDGE_TITLE_MAX,
  KNOWLEDGE_WRITTEN_KINDS,
  LANGUAGES,
} from '@app/contracts';
import type { KnowledgeKind, KnowledgeWrittenKind, Language } from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';

export class ListKnowledgeQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: KNOWLEDGE_KINDS })
  @IsOptional()
  @IsIn(KNOWLEDGE_KINDS)
  kind?: KnowledgeKind;
}

const TITLE = (language: string, faq: string) => ({
  type: String,
  nullable: true,
  maxLength: KNOWLEDGE_TITLE_MAX,
  description: `Title in ${language} (an FAQ entry's question${faq})`,
});
const BODY = (language: string) => ({
  type: String,
  nullable: true,
  maxLength: KNOWLEDGE_BODY_MAX,
  description: `Text in ${language} (an FAQ entry's answer); paragraphs separated by blank lines, markdown headings allowed`,
});

/** The text fields of an article or FAQ entry: a title and a body in English, Arabic, or both. */
export class KnowledgeArticleFieldsDto {
  @ApiPropertyOptional(TITLE('English', ''))
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_en?: string | null;

  @ApiPropertyOptional(TITLE('Arabic', ''))
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_TITLE_MAX)
  title_ar?: string | null;

  @ApiPropertyOptional(BODY('English'))
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_en?: string | null;

  @ApiPropertyOptional(BODY('Arabic'))
  @IsOptional()
  @IsString()
  @MaxLength(KNOWLEDGE_BODY_MAX)
  body_ar?: string | null;
}

export class CreateKnowledgeArticleDto extends KnowledgeArticleFieldsDto {
  @ApiPropertyOptional({ enum: KNOWLEDGE_WRITTEN_KINDS, default: 'article' })
  @IsOptional()
  @IsIn(KNOWLEDGE_WRITTEN_KINDS)
  kind?: KnowledgeWrittenKind;
}

/** Fields sent replace the stored ones (`null` removes a language); fields left out stay. */
export class UpdateKnowledgeArticleDto extends KnowledgeArticleFieldsDto {}

export class SearchKnowledgeQueryDto {
  @ApiProperty({ minLength: 1, maxLength: KNOWLEDGE_QUERY_MAX, description: 'A question, Arabic or English' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(KNOWLEDGE_QUERY_MAX)
  q: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: "The passages' language; default: the language of q" })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  @ApiPropertyOptional({ minimum: 1, maximum: 20, default: 5 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number;
}
