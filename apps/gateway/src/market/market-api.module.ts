import { Module } from '@nestjs/common';
import { MarketApiService } from './market-api.service';
import { MarketController } from './market.controller';

/** `GET /v1/market/districts/{id}` and `/v1/market/cities/{id}`: sales from the decision service, listings from the catalogue. */
@Module({
  controllers: [MarketController],
  providers: [MarketApiService],
  exports: [MarketApiService],
})
export class MarketApiModule {}
