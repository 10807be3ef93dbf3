import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Module, Post, Query } from '@nestjs/common';
import type { DynamicModule, Provider } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import type { ClientProxy } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import {
  DecisionRequestBody,
  LocationsQuery,
  SearchPropertiesQuery,
  checkLocationsQuery,
  isLocationsQueryProblem,
} from '@app/contracts';
import type { DecisionResponse, LocationsSearchResponse, PropertiesPage } from '@app/contracts';
import { InProcessBroker, InProcessClient } from '@app/messaging';
import { PEER_CLIENT, PEER_PATTERNS } from './peer-patterns';
import { PeerServiceModule } from './peer-service.module';

/** The peer's HTTP routes: the DTO checked by the global ValidationPipe, then one request to the microservice. */
@Controller('v1')
class PeerHttpController {
  constructor(@Inject(PEER_CLIENT) private readonly client: ClientProxy) {}

  @Get('locations')
  locations(@Query() query: LocationsQuery): Observable<LocationsSearchResponse> {
    const checked = checkLocationsQuery(query);
    if (isLocationsQueryProblem(checked)) throw new BadRequestException(checked.message);
    return this.client.send(PEER_PATTERNS.locations, checked);
  }

  @Post('decisions')
  @HttpCode(200)
  decide(@Body() body: DecisionRequestBody): Observable<DecisionResponse> {
    return this.client.send(PEER_PATTERNS.decisions, body);
  }

  @Get('properties')
  properties(@Query() query: SearchPropertiesQuery): Observable<PropertiesPage> {
    return this.client.send(PEER_PATTERNS.properties, query);
  }
}

/**
 * The peer's HTTP app. Distributed: a NATS ClientProxy to the microservice in its own process.
 * Standalone: the microservice's module in the same app, reached through the in-process
 * transport our standalone platform uses (`broker`), as one Nest process.
 */
@Module({})
export class PeerHttpModule {
  static forMode(mode: 'standalone' | 'distributed', broker: InProcessBroker): DynamicModule {
    if (mode === 'standalone') {
      const client: Provider = { provide: PEER_CLIENT, useFactory: () => new InProcessClient(broker) };
      return {
        module: PeerHttpModule,
        imports: [PeerServiceModule],
        controllers: [PeerHttpController],
        providers: [client],
      };
    }
    return {
      module: PeerHttpModule,
      imports: [
        ClientsModule.register([
          { name: PEER_CLIENT, transport: Transport.NATS, options: { servers: [process.env.BENCH_NATS_URL ?? ''] } },
        ]),
      ],
      controllers: [PeerHttpController],
    };
  }
}
