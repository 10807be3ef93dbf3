import { ClientNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import { qualifySubject } from './namespace';

/** Nest's NATS client, sending every request to the environment's namespaced subject. */
export class NamespacedNatsClient extends ClientNats {
  constructor(
    options: NatsOptions['options'],
    private readonly namespace: string,
  ) {
    super(options ?? {});
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return qualifySubject(this.namespace, super.normalizePattern(pattern));
  }
}
