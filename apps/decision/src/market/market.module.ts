import { Module } from '@nestjs/common';
import { LocationsModule } from '../locations/locations.module';
import { MarketController } from './market.controller';
import { MarketRepository } from './market.repository';
import { MarketService } from './market.service';

/** District and city trends: recorded sales per quarter and type, kept per data version. */
@Module({
  imports: [LocationsModule],
  controllers: [MarketController],
  providers: [MarketService, MarketRepository],
})
export class MarketModule {}
