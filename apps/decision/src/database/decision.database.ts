import type { ServiceDatabaseDefinition } from '@app/database';
import { BenchmarkEntity } from '../benchmarks/benchmark.entities';
import { LOCATION_ENTITIES } from '../locations/location.entities';
import { ReferenceVersionEntity } from '../reference-data/reference-versions';
import { TransactionEntity } from '../transactions/transaction.entity';
import { CreateGazetteer1763900000000 } from './migrations/1763900000000-create-gazetteer';
import { CreateTransactionsBenchmarks1764100000000 } from './migrations/1764100000000-create-transactions-benchmarks';
import { CreateDecisions1764200000000 } from './migrations/1764200000000-create-decisions';
import { DecisionResponseText1764400000000 } from './migrations/1764400000000-decision-response-text';
import { BenchmarkAreaPercentiles1765200000000 } from './migrations/1765200000000-benchmark-area-percentiles';
import { CreateDecisionBatches1765300000000 } from './migrations/1765300000000-create-decision-batches';
import { PendingDecisionsIndex1767000000000 } from './migrations/1767000000000-pending-decisions-index';

export const decisionDatabase: ServiceDatabaseDefinition = {
  service: 'decision',
  entities: [...LOCATION_ENTITIES, TransactionEntity, BenchmarkEntity, ReferenceVersionEntity],
  migrations: [
    CreateGazetteer1763900000000,
    CreateTransactionsBenchmarks1764100000000,
    CreateDecisions1764200000000,
    DecisionResponseText1764400000000,
    BenchmarkAreaPercentiles1765200000000,
    CreateDecisionBatches1765300000000,
    PendingDecisionsIndex1767000000000,
  ],
};
