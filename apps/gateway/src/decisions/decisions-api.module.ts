import { Module } from '@nestjs/common';
import { DecisionsClient } from './decisions.client';
import { DecisionsController } from './decisions.controller';

/** `POST /v1/decisions`, forwarded to the decision service. */
@Module({
  controllers: [DecisionsController],
  providers: [DecisionsClient],
})
export class DecisionsApiModule {}
