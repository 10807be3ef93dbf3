import { Module } from '@nestjs/common';
import { ComparablesRepository } from './comparables.repository';
import { ComparablesService } from './comparables.service';

/** Comparable sales: the transactions behind a benchmark that resemble the property. */
@Module({
  providers: [ComparablesRepository, ComparablesService],
  exports: [ComparablesService],
})
export class ComparablesModule {}
