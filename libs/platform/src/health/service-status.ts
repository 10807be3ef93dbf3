import { Controller, Inject } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { statusPattern } from '@app/contracts';
import type { ServiceName, ServiceStatusResponse } from '@app/contracts';
import { RUNTIME_OPTIONS } from '@app/messaging';
import type { RuntimeOptions } from '@app/messaging';

/**
 * The answer a service gives the gateway's status view: alive (it answered) and whether
 * its own database answers. One handler class per service, bound to its pattern.
 */
export function serviceStatusController(service: ServiceName): Type {
  @Controller()
  class ServiceStatusController {
    constructor(
      @InjectDataSource(service) private readonly dataSource: DataSource,
      @Inject(RUNTIME_OPTIONS) private readonly runtime: RuntimeOptions,
    ) {}

    @MessagePattern(statusPattern(service))
    async status(): Promise<ServiceStatusResponse> {
      const database = await this.dataSource
        .query('SELECT 1')
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      return {
        service,
        instance: this.runtime.instanceId,
        database,
        uptime_s: Math.round(process.uptime()),
      };
    }
  }
  Object.defineProperty(ServiceStatusController, 'name', { value: `${service}StatusController` });
  return ServiceStatusController;
}
