import { Module } from '@nestjs/common';
import { LocationsEtagInterceptor } from '../http/conditional-requests/locations-etag.interceptor';
import { LocationsApiService } from './locations-api.service';
import { LocationsController } from './locations.controller';

/** `GET /v1/locations`, forwarded to the decision service. */
@Module({
  controllers: [LocationsController],
  providers: [LocationsApiService, LocationsEtagInterceptor],
  exports: [LocationsApiService],
})
export class LocationsApiModule {}
