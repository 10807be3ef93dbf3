import { Injectable } from '@nestjs/common';
import { chooseComparables } from './comparable-sales';
import type { ComparableSales, ComparablesQuery } from './comparable-sales';
import { ComparablesRepository } from './comparables.repository';

/** The recorded sales a decision cites as its evidence. */
@Injectable()
export class ComparablesService {
  constructor(private readonly repository: ComparablesRepository) {}

  /** Up to 5 sales of the benchmark's year, same type, area within ±25 %: the district's when enough, else the city's. */
  async find(query: ComparablesQuery): Promise<ComparableSales> {
    return chooseComparables(await this.repository.candidates(query));
  }
}
