import { Injectable, Logger } from '@nestjs/common';
import { DecisionClient } from '../listings/decision.client';
import { ListingsRepository } from '../listings/listings.repository';
import type { ListingRow } from '../listings/listings.repository';
import { DEMO_PLACES, demoListings } from './demo-listings';

/**
 * The standalone demo's catalogue: published listings of the demo broker workspace across
 * Riyadh, Jeddah, Dammam and Dubai, so GET /v1/properties answers something on a fresh start.
 * Run once, right after the demo workspace is created; places resolved by the decision service.
 */
@Injectable()
export class CatalogueDemoSeed {
  private readonly logger = new Logger(CatalogueDemoSeed.name);

  constructor(
    private readonly listings: ListingsRepository,
    private readonly decision: DecisionClient,
  ) {}

  /** `brokerId`: the member the listings are from (their phone is the one buyers reveal). */
  async run(workspaceId: string, brokerId: string, now = new Date()): Promise<ListingRow[]> {
    const created: ListingRow[] = [];
    for (const [index, { city, districts }] of DEMO_PLACES.entries()) {
      const places = await Promise.all(districts.map((district) => this.decision.resolvePlace({ city, district })));
      for (const listing of demoListings(city, places, now, index + 1)) {
        created.push(await this.listings.insert({ workspace_id: workspaceId }, { ...listing, created_by: brokerId }));
      }
    }
    this.logger.log({ listings: created.length }, 'Demo catalogue published');
    return created;
  }
}
