import { Module } from '@nestjs/common';
import { DecisionClient } from '../listings/decision.client';
import { ListingsModule } from '../listings/listings.module';
import { ProjectsController } from './projects.controller';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';
import { UnitsService } from './units.service';

/** Developer projects and their units; a unit becomes a listing through ListingsModule. */
@Module({
  imports: [ListingsModule],
  controllers: [ProjectsController],
  providers: [ProjectsService, UnitsService, ProjectsRepository, DecisionClient],
})
export class ProjectsModule {}
