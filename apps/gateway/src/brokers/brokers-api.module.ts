import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import {
  BrokersController,
  ModerationVerificationsController,
  WorkspaceVerificationController,
} from './brokers.controller';
import { BrokersService } from './brokers.service';

/** Broker verification (workspace and moderators) and public broker pages. */
@Module({
  imports: [MediaModule],
  controllers: [WorkspaceVerificationController, ModerationVerificationsController, BrokersController],
  providers: [BrokersService],
  exports: [BrokersService],
})
export class BrokersApiModule {}
