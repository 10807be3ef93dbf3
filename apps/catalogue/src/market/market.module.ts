import { Module } from '@nestjs/common';
import { MarketListingsController } from './market-listings.controller';
import { MarketListingsRepository } from './market-listings.repository';
import { MarketListingsService } from './market-listings.service';

/** Published listings per place and type, for district and city trends. */
@Module({
  controllers: [MarketListingsController],
  providers: [MarketListingsService, MarketListingsRepository],
})
export class MarketModule {}
