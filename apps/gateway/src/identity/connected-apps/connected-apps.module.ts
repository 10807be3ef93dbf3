import { Module } from '@nestjs/common';
import { ConnectedAppsController } from './connected-apps.controller';
import { ConnectedAppsRepository } from './connected-apps.repository';
import { ConnectedAppsService } from './connected-apps.service';

/** `GET, DELETE /v1/me/connected-apps`: the user's view of their OAuth grants. */
@Module({
  controllers: [ConnectedAppsController],
  providers: [ConnectedAppsService, ConnectedAppsRepository],
})
export class ConnectedAppsModule {}
