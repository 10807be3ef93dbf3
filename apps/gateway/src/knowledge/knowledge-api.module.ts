import { Module } from '@nestjs/common';
import { ProjectsApiModule } from '../projects/projects-api.module';
import { KnowledgeController } from './knowledge.controller';
import { KnowledgeService } from './knowledge.service';

/** A developer project's knowledge base, forwarded to the leads service. */
@Module({
  imports: [ProjectsApiModule],
  controllers: [KnowledgeController],
  providers: [KnowledgeService],
  exports: [KnowledgeService],
})
export class KnowledgeApiModule {}
