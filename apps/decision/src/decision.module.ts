import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { BenchmarksModule } from './benchmarks/benchmarks.module';
import { decisionDatabase } from './database/decision.database';
import { DecisionBatchesModule } from './decision-batches/decision-batches.module';
import { DecisionsModule } from './decisions/decisions.module';
import { LocationsModule } from './locations/locations.module';
import { MarketModule } from './market/market.module';
import { PlacesModule } from './places/places.module';

/** Decision engine: gazetteer, transactions and benchmarks, scoring, reasoning. */
@Module({
  imports: [
    DatabaseModule.forService(decisionDatabase),
    LocationsModule,
    BenchmarksModule,
    DecisionsModule,
    DecisionBatchesModule,
    PlacesModule,
    MarketModule,
  ],
  controllers: [serviceStatusController('decision')],
})
export class DecisionModule {}
