import { Module } from '@nestjs/common';
import { RecipientsController } from './recipients.controller';

/** `rpc.identity.recipients.v1`, for the notification service. */
@Module({ controllers: [RecipientsController] })
export class RecipientsModule {}
