import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ServiceHealthResponse, ServicesHealthResponse } from '@app/contracts';
import { HealthProbe } from './health-check.docs';
import { TransportHealthIndicator } from './transport.health';
import { Public } from '../identity/access/access.decorators';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { ServicesStatusService } from './services-status.service';
import { ApiRoute } from '../openapi/api-route.decorator';

/**
 * Public: probes carry no data. Readiness means this gateway serves HTTP (started, not shutting
 * down): PostgreSQL and NATS are shared, so their blips answer the contract's 503 on the routes
 * that need them rather than taking every replica out of the Service at once. Their state is at
 * /v1/health/dependencies.
 */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly transport: TransportHealthIndicator,
    private readonly servicesStatus: ServicesStatusService,
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
  ) {}

  @Get('live')
  @ApiRoute('Liveness: the process answers')
  @HealthProbe()
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @ApiRoute('Readiness: the gateway has started and is not shutting down', {
    description:
      'Independent of PostgreSQL, NATS and the services, which every replica shares: while one is down the routes ' +
      'that need it answer 503 `service_unavailable` and the others keep working. See /v1/health/dependencies.',
  })
  @HealthProbe()
  ready() {
    return this.health.check([]);
  }

  @Get('dependencies')
  @ApiRoute('The gateway database and the transport, as this gateway sees them, for operators', {
    description: 'Never a probe: 503 here says which shared dependency is down, not that this replica is broken.',
  })
  @HealthProbe()
  dependencies() {
    return this.health.check([
      () => this.database.pingCheck('database', { connection: this.dataSource, timeout: 1000 }),
      () => this.transport.check(),
    ]);
  }

  @Get('services')
  @ApiRoute('Status of every service, for operators', {
    description: 'Always 200; each service is up, degraded or down.',
    200: ServicesHealthResponse,
  })
  services() {
    return this.servicesStatus.status();
  }

  @Get('services/:service')
  @ApiRoute('Status of one service', {
    description: 'Asks the service over the transport with the normal deadline.',
    200: ServiceHealthResponse,
    404: '`not_found`: no service of that name',
    503: '`service_unavailable`: the service did not answer in time',
  })
  service(@Param('service') service: string) {
    return this.servicesStatus.one(service);
  }
}
