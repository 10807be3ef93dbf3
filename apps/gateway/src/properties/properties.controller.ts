import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { LISTING_TYPES, MAX_PAGE_OFFSET, PROPERTY_PAGE_MAX, PROPERTY_SORTS } from '@app/contracts';
import type { PriceIntel, PropertiesPage, PropertyDetail } from '@app/contracts';
import { PUBLISHED_ITEM } from '../http/conditional-requests/cache-policy';
import { ConditionalGet } from '../http/conditional-requests/conditional-get.decorator';
import { Public } from '../identity/access/access.decorators';
import { PropertiesService } from './properties.service';
import { PriceIntelDto, PropertiesPageDto, PropertyDetailDto } from './property.dto';

@ApiTags('properties')
@Public()
@Controller('properties')
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @ApiOperation({
    summary: 'Search the published catalogue',
    description:
      'Published, moderation-approved listings only. `city` and `district` match Arabic or English names the way ' +
      'GET /v1/locations does (Jiddah, جده); `q` matches every word in the titles, descriptions and place names of ' +
      'both languages (أ/إ/آ, ة/ه, ى/ي and diacritics folded). Prices and areas are inclusive. `newest` orders by ' +
      '`listed_at` then `id`, so paging is stable. A bad or unknown parameter: 400 `invalid_param` with `field`.',
  })
  @ApiQuery({ name: 'q', required: false, description: 'Free text, 1-200 characters' })
  @ApiQuery({ name: 'city', required: false, description: 'City name, Arabic or English, 2+ characters' })
  @ApiQuery({ name: 'district', required: false, description: 'District name, Arabic or English, 2+ characters' })
  @ApiQuery({ name: 'type', required: false, enum: LISTING_TYPES })
  @ApiQuery({ name: 'min_bedrooms', required: false, schema: { type: 'integer', minimum: 0, maximum: 50 } })
  @ApiQuery({ name: 'max_bedrooms', required: false, schema: { type: 'integer', minimum: 0, maximum: 50 } })
  @ApiQuery({ name: 'min_price_sar', required: false, schema: { type: 'number', minimum: 0 } })
  @ApiQuery({ name: 'max_price_sar', required: false, schema: { type: 'number', minimum: 0 } })
  @ApiQuery({ name: 'min_area_sqm', required: false, schema: { type: 'number', minimum: 0 } })
  @ApiQuery({ name: 'max_area_sqm', required: false, schema: { type: 'number', minimum: 0 } })
  @ApiQuery({ name: 'sort', required: false, enum: PROPERTY_SORTS, description: 'Default `newest`' })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: PROPERTY_PAGE_MAX } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, maximum: MAX_PAGE_OFFSET } })
  @ApiOkResponse({ type: PropertiesPageDto })
  @ApiBadRequestResponse({ description: '`invalid_param` with `field`' })
  search(@Query() query: Record<string, unknown>): Promise<PropertiesPage> {
    return this.properties.search(query);
  }

  @Get(':id')
  @ConditionalGet(PUBLISHED_ITEM)
  @ApiOperation({ summary: 'One published property, both languages' })
  @ApiOkResponse({ type: PropertyDetailDto })
  @ApiNotFoundResponse({ description: '`property_not_found`: unknown or not published' })
  get(@Param('id') id: string): Promise<PropertyDetail> {
    return this.properties.get(id);
  }

  @Get(':id/price-intel')
  @ApiOperation({
    summary: "A published property's price per m² against its market",
    description: 'Free of charge. The benchmark is the one decisions use (government sale records).',
  })
  @ApiOkResponse({ type: PriceIntelDto })
  @ApiNotFoundResponse({ description: '`property_not_found`: unknown or not published' })
  priceIntel(@Param('id') id: string): Promise<PriceIntel> {
    return this.properties.priceIntel(id);
  }
}
