import { Module } from '@nestjs/common';
import { BenchmarksModule } from '../benchmarks/benchmarks.module';
import { LocationsModule } from '../locations/locations.module';
import { PlacesController } from './places.controller';
import { PlacesRepository } from './places.repository';
import { PlacesService } from './places.service';

/** Place resolution and benchmarks for the catalogue (listings, flags, price intel). */
@Module({
  imports: [LocationsModule, BenchmarksModule],
  controllers: [PlacesController],
  providers: [PlacesService, PlacesRepository],
})
export class PlacesModule {}
