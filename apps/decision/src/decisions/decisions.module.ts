import { Module } from '@nestjs/common';
import { BenchmarksModule } from '../benchmarks/benchmarks.module';
import { ComparablesModule } from '../comparables/comparables.module';
import { LocationsModule } from '../locations/locations.module';
import { ReasoningModule } from '../reasoning/reasoning.module';
import { BillingClient } from './billing.client';
import { DecisionsController } from './decisions.controller';
import { DecisionsRepository } from './decisions.repository';
import { DecisionsService } from './decisions.service';

/** POST /v1/decisions behind the gateway: place, benchmark, comparables, score, reasoning, paid through billing. */
@Module({
  imports: [LocationsModule, BenchmarksModule, ComparablesModule, ReasoningModule],
  controllers: [DecisionsController],
  providers: [DecisionsService, DecisionsRepository, BillingClient],
  exports: [DecisionsService, DecisionsRepository, BillingClient],
})
export class DecisionsModule {}
