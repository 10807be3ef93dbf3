import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { IdentityDirectoryModule } from '../identity/directory/identity-directory.module';
import { ProjectFilesCleanupConsumer } from './project-files-cleanup.consumer';
import { ProjectImageFilesController, ProjectImagesController } from './project-images.controller';
import { ProjectImagesService } from './project-images.service';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';
import { PublicProjectsController } from './public-projects.controller';
import { UnitListingService } from './unit-listing.service';
import { UnitsController } from './units.controller';
import { UnitsService } from './units.service';

/** `/v1/projects` (developer workspaces), their images, and `/v1/public/projects`, forwarded to the catalogue. */
@Module({
  imports: [MediaModule, IdentityDirectoryModule],
  controllers: [
    ProjectsController,
    UnitsController,
    ProjectImagesController,
    ProjectImageFilesController,
    PublicProjectsController,
  ],
  providers: [ProjectsService, UnitsService, ProjectImagesService, UnitListingService, ProjectFilesCleanupConsumer],
  exports: [ProjectsService, UnitsService, IdentityDirectoryModule],
})
export class ProjectsApiModule {}
