import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DemoTransactions } from '../transactions/demo-transactions';
import { BenchmarkTable } from './benchmark-table';
import { BenchmarksRepository } from './benchmarks.repository';
import type { BenchmarkQuery, MarketBenchmark } from './market-benchmark';

/** How often a replica checks for newer benchmarks (an import elsewhere). */
export const BENCHMARKS_POLL_MS = 5000;

@Injectable()
export class BenchmarksService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BenchmarksService.name);
  private table = new BenchmarkTable([]);
  private version = -1;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly repository: BenchmarksRepository,
    private readonly demoTransactions: DemoTransactions,
  ) {}

  /** DEMO_TRANSACTIONS: the synthetic set goes in first (once, into an empty table), then the table is loaded. */
  async onApplicationBootstrap(): Promise<void> {
    const inserted = await this.demoTransactions.loadIfWanted();
    if (inserted > 0) {
      const { rows } = await this.repository.recompute();
      this.logger.log(`Demo transactions loaded: ${inserted} rows, ${rows} benchmarks`);
    }
    await this.refresh();
    this.timer = setInterval(
      () => void this.refresh().catch((err: unknown) => this.logger.warn(String(err))),
      BENCHMARKS_POLL_MS,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Reloads every benchmark when the database holds a newer version; call it to see an import at once. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        if ((await this.repository.version()) === this.version) return;
        const { version, rows } = await this.repository.load();
        this.table = new BenchmarkTable(rows);
        this.version = version;
        this.logger.log(`Benchmarks v${version}: ${rows.length} rows, ${this.table.size} usable`);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** The benchmark rule (district, else city, else null) from memory. */
  find(query: BenchmarkQuery): MarketBenchmark | null {
    return this.table.find(query);
  }
}
