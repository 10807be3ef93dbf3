import { Module } from '@nestjs/common';
import { GazetteerAnnouncer } from './gazetteer-announcer';
import { LocationsController } from './locations.controller';
import { LocationsRepository } from './locations.repository';
import { LocationsService } from './locations.service';

/** The gazetteer and its search, answered from an in-memory index refreshed on import. */
@Module({
  controllers: [LocationsController],
  providers: [LocationsRepository, LocationsService, GazetteerAnnouncer],
  exports: [LocationsService],
})
export class LocationsModule {}
