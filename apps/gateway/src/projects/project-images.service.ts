import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { projectImageKeys, projectImagesPrefix } from '@app/contracts';
import type { ListingImageResponse, ProjectImageDeletedResponse } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { IMAGE_STORE } from '../catalogue/images/image-store';
import type { ImageStore, StoredImage } from '../catalogue/images/image-store';
import { imageVariants } from '../catalogue/images/image-variants';
import { readUploadedFile } from '../catalogue/images/uploaded-file';
import { gatewayConfig } from '../config/gateway.env';
import { ProjectsClient } from './projects.client';

/**
 * Project images through the listing image pipeline: the upload is decoded, turned upright,
 * stripped of metadata, stored as WebP in a display size and a thumbnail, and recorded by the
 * catalogue. Only ids and sizes cross the transport.
 */
@Injectable()
export class ProjectImagesService {
  private readonly logger = new Logger(ProjectImagesService.name);

  constructor(
    private readonly projects: ProjectsClient,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  async upload(workspaceId: string, projectId: string, request: FastifyRequest): Promise<ListingImageResponse> {
    // 404 / 409 before the body is read: nothing is decoded or stored for a project that cannot take it.
    const slot = await this.projects.checkImage({ workspace_id: workspaceId, project_id: projectId });
    const variants = await imageVariants(await readUploadedFile(request, this.config.IMAGE_MAX_BYTES));
    const imageId = randomUUID();
    const keys = projectImageKeys(slot.project_id, imageId);
    try {
      await Promise.all([
        this.store.put(keys.display, variants.display.data, 'image/webp'),
        this.store.put(keys.thumbnail, variants.thumbnail.data, 'image/webp'),
      ]);
    } catch (err) {
      await this.forget([keys.display, keys.thumbnail]);
      throw this.unavailable(err);
    }
    try {
      return await this.projects.addImage({
        workspace_id: workspaceId,
        project_id: slot.project_id,
        image_id: imageId,
        width: variants.display.width,
        height: variants.display.height,
        bytes: variants.display.data.length,
      });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) await this.forget([keys.display, keys.thumbnail]);
      throw err;
    }
  }

  async delete(workspaceId: string, projectId: string, imageId: string): Promise<ProjectImageDeletedResponse> {
    const deleted = await this.projects.deleteImage({
      workspace_id: workspaceId,
      project_id: projectId,
      image_id: imageId,
    });
    const keys = projectImageKeys(projectId.toLowerCase(), imageId.toLowerCase());
    await this.forget([keys.display, keys.thumbnail]);
    return deleted;
  }

  /** A deleted project's files (its image rows went with it). */
  async deleteProjectFiles(projectId: string): Promise<void> {
    await this.store.deletePrefix(projectImagesPrefix(projectId));
  }

  async read(key: string): Promise<StoredImage | null> {
    try {
      return await this.store.get(key);
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  /** Best effort: a file left behind costs disk, never a broken project. */
  private async forget(keys: string[]): Promise<void> {
    await this.store.delete(keys).catch((err: unknown) => this.logger.warn({ err, keys }, 'Image files not deleted'));
  }

  private unavailable(err: unknown): AppError {
    this.logger.error({ err }, 'The image store failed');
    return new AppError('service_unavailable', 'The image store is unavailable. Try again shortly.');
  }
}
