import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PriceIntel, PropertiesPage, PropertyDetailResponse, SearchPropertiesQuery } from '@app/contracts';
import { PUBLISHED_ITEM } from '../http/conditional-requests/cache-policy';
import { ConditionalGet } from '../http/conditional-requests/conditional-get.decorator';
import { Public } from '../identity/access/access.decorators';
import { PublicRateLimited } from '../fair-use/public-rate-limit.guard';
import { PropertiesService } from './properties.service';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('properties')
@Public()
@PublicRateLimited()
@Controller('properties')
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @ApiRoute('Search the published catalogue', {
    description:
      'Published, moderation-approved listings only. `city` and `district` match Arabic or English names the way ' +
      'GET /v1/locations does (Jiddah, جده); `q` matches every word in the titles, descriptions and place names of ' +
      'both languages (أ/إ/آ, ة/ه, ى/ي and diacritics folded). Prices and areas are inclusive. `newest` orders by ' +
      '`listed_at` then `id`, so paging is stable. A bad or unknown parameter: 400 `invalid_param` with `field`.',
    200: PropertiesPage,
    400: '`invalid_param` with `field`',
  })
  search(@Query() query: SearchPropertiesQuery) {
    return this.properties.search(query);
  }

  @Get(':id')
  @ConditionalGet(PUBLISHED_ITEM)
  @ApiRoute('One published property, both languages', {
    200: PropertyDetailResponse,
    404: '`property_not_found`: unknown or not published',
  })
  get(@Param('id') id: string) {
    return this.properties.get(id);
  }

  @Get(':id/price-intel')
  @ApiRoute("A published property's price per m² against its market", {
    description: 'Free of charge. The benchmark is the one decisions use (government sale records).',
    200: PriceIntel,
    404: '`property_not_found`: unknown or not published',
  })
  priceIntel(@Param('id') id: string) {
    return this.properties.priceIntel(id);
  }
}
