import { Controller, Inject, Module, UsePipes, ValidationPipe } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DecisionRequestBody, LocationsSearchRequest, SearchPropertiesQuery } from '@app/contracts';
import type { DecisionResponse, LocationsSearchResponse, PropertiesPage } from '@app/contracts';
import { searchLocations } from '../../../apps/decision/src/locations/location-search';
import type { LocationIndex } from '../../../apps/decision/src/locations/location-index';
import { benchWorkspace, decisionMaker, loadLocationIndex, openDataSource, propertySearch } from '../route-work';
import type { Sql } from '../route-work';
import { PEER_PATTERNS, PEER_VALIDATION } from './peer-patterns';
import type { PeerKind } from './peer-patterns';

/** What the microservice loaded for its kind (BENCH_PEER_KIND): only that route's work. */
interface PeerWork {
  locations?: LocationIndex;
  decide?: (body: DecisionRequestBody) => Promise<DecisionResponse | undefined>;
  searchProperties?: (query: SearchPropertiesQuery) => Promise<PropertiesPage>;
}

const PEER_WORK = Symbol('PEER_WORK');

async function loadWork(kind: PeerKind, databaseUrl: string): Promise<PeerWork> {
  const dataSource = await openDataSource(databaseUrl, 'bench-peer');
  const sql: Sql = (text, params) => dataSource.query(text, params);
  if (kind === 'locations') {
    const locations = await loadLocationIndex(dataSource);
    await dataSource.destroy();
    return { locations };
  }
  if (kind === 'decisions') {
    const [workspaceId, decide] = await Promise.all([benchWorkspace(sql), decisionMaker(dataSource, sql)]);
    return { decide: (body) => decide(workspaceId, body) };
  }
  return { searchProperties: await propertySearch(sql) };
}

/**
 * The peer's microservice: one `@MessagePattern` handler per route, each payload checked again by
 * Nest's ValidationPipe (as our services check theirs), then the same work as the service.
 */
@Controller()
@UsePipes(new ValidationPipe(PEER_VALIDATION))
class PeerServiceController {
  constructor(@Inject(PEER_WORK) private readonly work: PeerWork) {}

  @MessagePattern(PEER_PATTERNS.locations)
  locations(@Payload() request: LocationsSearchRequest): LocationsSearchResponse {
    return searchLocations(required(this.work.locations), request);
  }

  @MessagePattern(PEER_PATTERNS.decisions)
  decide(@Payload() body: DecisionRequestBody): Promise<DecisionResponse | undefined> {
    return required(this.work.decide)(body);
  }

  @MessagePattern(PEER_PATTERNS.properties)
  properties(@Payload() query: SearchPropertiesQuery): Promise<PropertiesPage> {
    return required(this.work.searchProperties)(query);
  }
}

function required<T>(work: T | undefined): T {
  if (work === undefined) throw new Error(`this peer was started for ${process.env.BENCH_PEER_KIND}`);
  return work;
}

@Module({
  controllers: [PeerServiceController],
  providers: [
    {
      provide: PEER_WORK,
      useFactory: () => loadWork(process.env.BENCH_PEER_KIND as PeerKind, process.env.BENCH_DATABASE_URL ?? ''),
    },
  ],
})
export class PeerServiceModule {}
