import { ApiProperty } from '@nestjs/swagger';
import type { Type } from '@nestjs/common';

/**
 * The answer of every paged list, `{object: 'list', data, limit, offset, has_more}`, for the
 * OpenAPI document. A page DTO is `class DecisionsPageDto extends PageDto(DecisionDto) {}`: the
 * subclass keeps its own name, so each list keeps its own component in the document.
 */
export function PageDto<TItem>(Item: Type<TItem>) {
  class Page {
    @ApiProperty({ enum: ['list'] })
    object: 'list';

    @ApiProperty({ type: [Item] })
    data: TItem[];

    @ApiProperty({ type: 'integer' })
    limit: number;

    @ApiProperty({ type: 'integer' })
    offset: number;

    @ApiProperty()
    has_more: boolean;
  }
  return Page;
}
