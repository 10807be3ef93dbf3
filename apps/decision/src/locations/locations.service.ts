import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { LocationsSearchRequest, LocationsSearchResponse } from '@app/contracts';
import { VersionedSnapshot } from '../reference-data/versioned-snapshot';
import { GazetteerAnnouncer } from './gazetteer-announcer';
import { seedBatch } from './gazetteer-sources';
import { LocationIndex } from './location-index';
import { seedAliases } from './location-seed';
import { searchLocations } from './location-search';
import { LocationsRepository } from './locations.repository';

@Injectable()
export class LocationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LocationsService.name);
  private readonly index: VersionedSnapshot<LocationIndex>;

  constructor(
    private readonly repository: LocationsRepository,
    announcer: GazetteerAnnouncer,
  ) {
    this.index = new VersionedSnapshot(
      new LocationIndex({ cities: [], districts: [], aliases: [] }),
      {
        version: () => repository.version(),
        load: async () => {
          const { version, data } = await repository.load();
          const summary = `gazetteer: ${data.cities.length} cities, ${data.districts.length} districts`;
          return { version, value: new LocationIndex(data), summary };
        },
        // The gateway answers If-None-Match on GET /v1/locations from this event.
        loaded: (version) => announcer.loaded(version),
      },
      this.logger,
    );
  }

  /** Reference data: the seed is loaded whenever the gazetteer is empty, whatever DEMO_SEED says. */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.repository.seedIfEmpty(seedBatch(), seedAliases())) this.logger.log('Gazetteer seeded');
    await this.index.start();
  }

  onModuleDestroy(): void {
    this.index.stop();
  }

  /** Rebuilds the in-memory index when the database holds a newer version. */
  refresh(): Promise<void> {
    return this.index.refresh();
  }

  /** The current index: replaced whole on refresh, so a caller's reference stays consistent. */
  get current(): LocationIndex {
    return this.index.current;
  }

  search(request: LocationsSearchRequest): LocationsSearchResponse {
    return searchLocations(this.index.current, request);
  }
}
