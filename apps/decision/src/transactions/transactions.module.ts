import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { decisionConfig } from '../config/decision.env';
import { DemoTransactions } from './demo-transactions';
import { TransactionsRepository } from './transactions.repository';

/** Stored sales (imported by `npm run import:transactions`, or the demo set) that benchmarks are computed from. */
@Module({
  imports: [ConfigModule.forFeature(decisionConfig)],
  providers: [TransactionsRepository, DemoTransactions],
  exports: [TransactionsRepository, DemoTransactions],
})
export class TransactionsModule {}
