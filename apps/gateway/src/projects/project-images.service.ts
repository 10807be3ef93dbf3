import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ProjectsRpc, projectImageKeys, projectImagesPrefix } from '@app/contracts';
import type { ListingImageResponse, Principal, ProjectImageDeletedResponse } from '@app/contracts';
import { InjectConfig } from '@app/config';
import { RpcClient } from '@app/messaging';
import type { AppConfig } from '@app/config';
import { ImageFiles } from '../media/images/image-files';
import { IMAGE_STORE } from '../media/images/image-store';
import type { ImageStore, StoredImage } from '../media/images/image-store';
import { gatewayConfig } from '../config/gateway.env';
import { DeveloperWorkspaces } from '../identity/workspaces/developer-workspaces';

/**
 * Project images through the listing image pipeline (ImageFiles): stored as WebP in a display
 * size and a thumbnail, recorded by the catalogue. Only ids and sizes cross the transport.
 */
@Injectable()
export class ProjectImagesService {
  private readonly files: ImageFiles;

  constructor(
    private readonly rpc: RpcClient,
    private readonly developers: DeveloperWorkspaces,
    @Inject(IMAGE_STORE) store: ImageStore,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {
    this.files = new ImageFiles(store, new Logger(ProjectImagesService.name));
  }

  async upload(principal: Principal, projectId: string, request: FastifyRequest): Promise<ListingImageResponse> {
    const workspaceId = await this.developers.of(principal);
    // 404 / 409 before the body is read: nothing is decoded or stored for a project that cannot take it.
    const slot = await this.rpc.call(ProjectsRpc.checkImage, { workspace_id: workspaceId, project_id: projectId });
    return this.files.upload(
      request,
      this.config.IMAGE_MAX_BYTES,
      (imageId) => projectImageKeys(slot.project_id, imageId),
      (image) =>
        this.rpc.call(ProjectsRpc.addImage, { workspace_id: workspaceId, project_id: slot.project_id, ...image }),
    );
  }

  async delete(principal: Principal, projectId: string, imageId: string): Promise<ProjectImageDeletedResponse> {
    const deleted = await this.rpc.call(ProjectsRpc.deleteImage, {
      workspace_id: await this.developers.of(principal),
      project_id: projectId,
      image_id: imageId,
    });
    await this.files.forget(projectImageKeys(projectId.toLowerCase(), imageId.toLowerCase()));
    return deleted;
  }

  /** A deleted project's files (its image rows went with it). */
  deleteProjectFiles(projectId: string): Promise<void> {
    return this.files.deletePrefix(projectImagesPrefix(projectId));
  }

  read(key: string): Promise<StoredImage | null> {
    return this.files.read(key);
  }
}
