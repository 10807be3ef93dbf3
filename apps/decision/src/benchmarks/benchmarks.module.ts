import { Module } from '@nestjs/common';
import { TransactionsModule } from '../transactions/transactions.module';
import { BenchmarksRepository } from './benchmarks.repository';
import { BenchmarksService } from './benchmarks.service';

/** Market benchmarks (SAR per m²) answered from memory, reloaded when an import bumps the version. */
@Module({
  imports: [TransactionsModule],
  providers: [BenchmarksRepository, BenchmarksService],
  exports: [BenchmarksService],
})
export class BenchmarksModule {}
