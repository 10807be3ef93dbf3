import { Module } from '@nestjs/common';

/** `GET /v1/locations`, forwarded to the decision service. */
@Module({})
export class LocationsApiModule {}
