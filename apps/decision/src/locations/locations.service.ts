import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { LocationsSearchRequest, LocationsSearchResponse } from '@app/contracts';
import { seedBatch } from './gazetteer-sources';
import { LocationIndex } from './location-index';
import { seedAliases } from './location-seed';
import { searchLocations } from './location-search';
import { LocationsRepository } from './locations.repository';

/** How often a replica checks for a newer gazetteer (an import elsewhere). */
export const GAZETTEER_POLL_MS = 5000;

@Injectable()
export class LocationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LocationsService.name);
  private index = new LocationIndex({ cities: [], districts: [], aliases: [] });
  private version = -1;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly repository: LocationsRepository) {}

  /** Reference data: the seed is loaded whenever the gazetteer is empty, whatever DEMO_SEED says. */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.repository.seedIfEmpty(seedBatch(), seedAliases())) this.logger.log('Gazetteer seeded');
    await this.refresh();
    this.timer = setInterval(
      () => void this.refresh().catch((err: unknown) => this.logger.warn(String(err))),
      GAZETTEER_POLL_MS,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Rebuilds the in-memory index when the database holds a newer version. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        if ((await this.repository.version()) === this.version) return;
        const { version, data } = await this.repository.load();
        this.index = new LocationIndex(data);
        this.version = version;
        this.logger.log(`Gazetteer v${version}: ${data.cities.length} cities, ${data.districts.length} districts`);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** The current index: replaced whole on refresh, so a caller's reference stays consistent. */
  get current(): LocationIndex {
    return this.index;
  }

  search(request: LocationsSearchRequest): LocationsSearchResponse {
    return searchLocations(this.index, request);
  }
}
