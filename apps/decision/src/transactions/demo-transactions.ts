import { Injectable } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { decisionConfig } from '../config/decision.env';
import { syntheticTransactions } from './synthetic-transactions';
import { TransactionsRepository } from './transactions.repository';

/** DEMO_TRANSACTIONS: the synthetic set, loaded once into an empty transactions table. */
@Injectable()
export class DemoTransactions {
  constructor(
    private readonly repository: TransactionsRepository,
    @InjectConfig(decisionConfig) private readonly config: AppConfig<typeof decisionConfig>,
  ) {}

  /** Rows inserted: 0 when the flag is off or any transaction (imported or demo) is already stored. */
  async loadIfWanted(): Promise<number> {
    if (!this.config.DEMO_TRANSACTIONS) return 0;
    return this.repository.insertIfEmpty(() => syntheticTransactions());
  }
}
