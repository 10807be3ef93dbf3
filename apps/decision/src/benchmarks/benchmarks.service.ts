import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { VersionedSnapshot } from '../reference-data/versioned-snapshot';
import { DemoTransactions } from '../transactions/demo-transactions';
import { BenchmarkTable } from './benchmark-table';
import { BenchmarksRepository } from './benchmarks.repository';
import type { BenchmarkQuery, MarketBenchmark } from './market-benchmark';

@Injectable()
export class BenchmarksService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BenchmarksService.name);
  private readonly table: VersionedSnapshot<BenchmarkTable>;

  constructor(
    private readonly repository: BenchmarksRepository,
    private readonly demoTransactions: DemoTransactions,
  ) {
    this.table = new VersionedSnapshot(
      new BenchmarkTable([]),
      {
        version: () => repository.version(),
        load: async () => {
          const { version, rows } = await repository.load();
          const table = new BenchmarkTable(rows);
          return { version, value: table, summary: `benchmarks: ${rows.length} rows, ${table.size} usable` };
        },
      },
      this.logger,
    );
  }

  /** DEMO_TRANSACTIONS: the synthetic set goes in first (once, into an empty table), then the table is loaded. */
  async onApplicationBootstrap(): Promise<void> {
    const inserted = await this.demoTransactions.loadIfWanted();
    if (inserted > 0) {
      const { rows } = await this.repository.recompute();
      this.logger.log(`Demo transactions loaded: ${inserted} rows, ${rows} benchmarks`);
    }
    await this.table.start();
  }

  onModuleDestroy(): void {
    this.table.stop();
  }

  /** Reloads every benchmark when the database holds a newer version; call it to see an import at once. */
  refresh(): Promise<void> {
    return this.table.refresh();
  }

  /** The benchmark rule (district, else city, else null) from memory. */
  find(query: BenchmarkQuery): MarketBenchmark | null {
    return this.table.current.find(query);
  }
}
