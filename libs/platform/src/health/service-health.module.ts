import { Controller, Get, Module } from '@nestjs/common';
import type { DynamicModule, Type } from '@nestjs/common';
import { HealthCheck, HealthCheckService, TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { HealthCheckResult } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ServiceName } from '@app/contracts';
import { TransportHealthIndicator } from './transport.health';

/**
 * A distributed service's own HTTP probes: live while the process runs, ready while its
 * database and the transport answer. Standalone has only the gateway's probes.
 */
export function serviceHealthModule(service: ServiceName): DynamicModule {
  @Controller('health')
  class ServiceHealthController {
    constructor(
      private readonly health: HealthCheckService,
      private readonly database: TypeOrmHealthIndicator,
      private readonly transport: TransportHealthIndicator,
      @InjectDataSource(service) private readonly dataSource: DataSource,
    ) {}

    @Get('live')
    @HealthCheck()
    live(): Promise<HealthCheckResult> {
      return this.health.check([]);
    }

    @Get('ready')
    @HealthCheck()
    ready(): Promise<HealthCheckResult> {
      return this.health.check([
        () => this.database.pingCheck('database', { connection: this.dataSource, timeout: 1000 }),
        () => this.transport.check(),
      ]);
    }
  }

  @Module({})
  class ServiceHealthModule {}

  return {
    module: ServiceHealthModule,
    imports: [TerminusModule],
    controllers: [ServiceHealthController as Type],
    providers: [TransportHealthIndicator],
  };
}
