import { Module } from '@nestjs/common';
import { KnowledgeClient } from './knowledge.client';
import { KnowledgeController } from './knowledge.controller';

/** A developer project's knowledge base, forwarded to the leads service. */
@Module({
  controllers: [KnowledgeController],
  providers: [KnowledgeClient],
  exports: [KnowledgeClient],
})
export class KnowledgeApiModule {}
