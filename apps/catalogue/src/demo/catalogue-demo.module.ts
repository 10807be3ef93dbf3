import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { DecisionClient } from '../listings/decision.client';
import { CatalogueDemoSeed } from './catalogue-demo.seed';

/** Demo data for standalone (DEMO_SEED): run by the standalone entry point, never by the app itself. */
@Module({
  imports: [ListingsModule],
  providers: [CatalogueDemoSeed, DecisionClient],
  exports: [CatalogueDemoSeed],
})
export class CatalogueDemoModule {}
