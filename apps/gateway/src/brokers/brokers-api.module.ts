import { Module } from '@nestjs/common';
import { ImagesModule } from '../catalogue/images/images.module';
import { PropertiesClient } from '../properties/properties.client';
import {
  BrokersController,
  ModerationVerificationsController,
  WorkspaceVerificationController,
} from './brokers.controller';
import { BrokersService } from './brokers.service';

/** Broker verification (workspace and moderators) and public broker pages. */
@Module({
  imports: [ImagesModule],
  controllers: [WorkspaceVerificationController, ModerationVerificationsController, BrokersController],
  providers: [BrokersService, PropertiesClient],
  exports: [BrokersService],
})
export class BrokersApiModule {}
