import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CityMarketParams, DistrictMarketParams, MarketTrendsResponse } from '@app/contracts';
import { Authenticated } from '../identity/access/access.decorators';
import { MarketApiService } from './market-api.service';
import { ApiRoute } from '../openapi/api-route.decorator';

const HOW =
  'Recorded sales (government transaction data we hold) per quarter and property type for the 12 quarters ending ' +
  'with the latest quarter of recorded sales, medians by percentile_cont; a quarter with fewer than 5 sales answers ' +
  '`median_sqm: null` with its count and `reason: too_few_sales`. Per type: the last four quarters against the four ' +
  'before (`yoy_pct`), the published listings and their median asking price per sqm, and the asking vs sold gap. ' +
  'Free (no decision is charged). See docs/market.md.';

@ApiTags('market')
@Authenticated(['api_key'])
@Controller('market')
export class MarketController {
  constructor(private readonly market: MarketApiService) {}

  @Get('districts/:district_id')
  @ApiRoute('District trends: sales per quarter, year-over-year, asking vs sold', {
    description: HOW,
    200: MarketTrendsResponse,
    404: '`not_found`: no district with that id',
    422: '`validation_error` with `field: district_id` (not a positive integer)',
  })
  district(@Param() params: DistrictMarketParams) {
    return this.market.district(params);
  }

  @Get('cities/:city_id')
  @ApiRoute('City trends: sales per quarter, year-over-year, asking vs sold', {
    description: HOW,
    200: MarketTrendsResponse,
    404: '`not_found`: no city with that id',
    422: '`validation_error` with `field: city_id` (not a positive integer)',
  })
  city(@Param() params: CityMarketParams) {
    return this.market.city(params);
  }
}
