import { Injectable } from '@nestjs/common';
import { CATALOGUE_PROJECT_DELETED } from '@app/contracts';
import type { ProjectEventPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { ProjectImagesService } from './project-images.service';

/** A deleted project's image files go too; deleting a prefix twice is harmless (redelivery). */
@Injectable()
@EventConsumer(IDENTITY_DATABASE)
export class ProjectFilesCleanupConsumer {
  constructor(private readonly images: ProjectImagesService) {}

  @OnEvent({ subject: CATALOGUE_PROJECT_DELETED, name: 'project-image-files' })
  onProjectDeleted(event: DomainEvent<ProjectEventPayload>): Promise<void> {
    return this.images.deleteProjectFiles(event.payload.project_id);
  }
}
