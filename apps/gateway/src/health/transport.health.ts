import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { HealthIndicatorResult } from '@nestjs/terminus';
import type { ClientProxy } from '@nestjs/microservices';
import { RUNTIME_OPTIONS, TRANSPORT_CLIENT } from '@app/messaging';
import type { RuntimeOptions } from '@app/messaging';
import { checkTransport } from '@app/platform';

/** The gateway's readiness indicator for the transport (Terminus lives in the gateway only). */
@Injectable()
export class TransportHealthIndicator {
  constructor(
    private readonly health: HealthIndicatorService,
    @Inject(TRANSPORT_CLIENT) private readonly client: ClientProxy,
    @Inject(RUNTIME_OPTIONS) private readonly runtime: RuntimeOptions,
  ) {}

  async check(key = 'transport'): Promise<HealthIndicatorResult> {
    const { status, ...data } = await checkTransport(this.client, this.runtime.mode);
    const indicator = this.health.check(key);
    return status === 'up' ? indicator.up(data) : indicator.down(data);
  }
}
