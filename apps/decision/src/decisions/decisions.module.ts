import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { BenchmarksModule } from '../benchmarks/benchmarks.module';
import { ComparablesModule } from '../comparables/comparables.module';
import { LocationsModule } from '../locations/locations.module';
import { ReasoningModule } from '../reasoning/reasoning.module';
import { decisionConfig } from '../config/decision.env';
import { BillingClient } from './billing.client';
import { DecisionClaimsSweeper } from './decision-claims.sweeper';
import { DecisionsController } from './decisions.controller';
import { DecisionsRepository } from './decisions.repository';
import { DecisionsService } from './decisions.service';

/** POST /v1/decisions behind the gateway: place, benchmark, comparables, score, reasoning, paid through billing. */
@Module({
  imports: [
    ConfigModule.forFeature(decisionConfig),
    LocationsModule,
    BenchmarksModule,
    ComparablesModule,
    ReasoningModule,
  ],
  controllers: [DecisionsController],
  providers: [DecisionsService, DecisionsRepository, BillingClient, DecisionClaimsSweeper],
  exports: [DecisionsService, DecisionsRepository, BillingClient],
})
export class DecisionsModule {}
