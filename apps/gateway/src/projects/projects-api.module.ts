import { Module } from '@nestjs/common';
import { DeveloperWorkspaces } from './developer-workspace';
import { ProjectsClient } from './projects.client';
import { ProjectsController } from './projects.controller';
import { PublicProjectsController } from './public-projects.controller';
import { UnitsController } from './units.controller';

/** `/v1/projects` (developer workspaces) and `/v1/public/projects`, forwarded to the catalogue. */
@Module({
  controllers: [ProjectsController, UnitsController, PublicProjectsController],
  providers: [ProjectsClient, DeveloperWorkspaces],
  exports: [ProjectsClient, DeveloperWorkspaces],
})
export class ProjectsApiModule {}
