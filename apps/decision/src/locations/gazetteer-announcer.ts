import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DECISION_GAZETTEER_LOADED } from '@app/contracts';
import type { GazetteerLoadedPayload } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { DECISION_DATABASE } from './locations.repository';

/**
 * Tells the gateway which gazetteer version this replica serves (`decision.gazetteer.loaded.v1`),
 * through the outbox so it arrives even when NATS is down at the moment of the load.
 */
@Injectable()
export class GazetteerAnnouncer {
  constructor(
    @InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async loaded(version: number): Promise<void> {
    await this.dataSource.transaction((tx) =>
      this.outbox.add<GazetteerLoadedPayload>(tx, DECISION_GAZETTEER_LOADED, { version }),
    );
  }
}
