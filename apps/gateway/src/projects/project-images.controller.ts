import { Controller, Delete, Get, Param, Post, Req, Res, createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ApiHeader, ApiParam, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ListingImageResponse, MAX_PROJECT_IMAGES, ProjectImageDeletedResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { imageAnswer, listingImageKeyOf } from '../media/images/image-answer';
import { IMAGE_UPLOAD_BODY } from '../openapi/upload-bodies';
import { AcceptsMultipart } from '../media/multipart-body';
import { Authenticated, CurrentPrincipal, Public } from '../identity/access/access.decorators';
import { ProjectImagesService } from './project-images.service';
import { DEVELOPERS_ONLY, PROJECT_NOT_FOUND } from './projects.controller';
import { ApiRoute } from '../openapi/api-route.decorator';

// eslint-disable-next-line no-useless-assignment -- read by @IfNoneMatch() below: ESLint 10 does not count parameter decorators as reads (eslint/eslint#20947)
const IfNoneMatch = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    context.switchToHttp().getRequest<FastifyRequest>().headers['if-none-match'],
);

@ApiTags('projects')
@ApiServiceUnavailableResponse({
  description: '`service_unavailable`: the catalogue or the image store did not answer',
})
@Controller('projects/:id/images')
export class ProjectImagesController {
  constructor(private readonly images: ProjectImagesService) {}

  @Post()
  @AcceptsMultipart(IMAGE_UPLOAD_BODY)
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Upload an image of a project', {
    description:
      'multipart/form-data with the image in the field `file` (JPEG, PNG or WebP), processed as listing images ' +
      `are: upright, metadata stripped, WebP display size and thumbnail; appended last. At most ${MAX_PROJECT_IMAGES}. ` +
      DEVELOPERS_ONLY,
    201: ListingImageResponse,
    404: PROJECT_NOT_FOUND,
    409: `\`conflict\`: the project already holds ${MAX_PROJECT_IMAGES} images`,
    413: '`payload_too_large` with `field: "file"`',
    422: '`validation_error` with `field`: `file` missing or not an image',
  })
  upload(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Req() request: FastifyRequest) {
    return this.images.upload(principal, id, request);
  }

  @Delete(':image_id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Delete an image of a project', {
    description: `Later images move up. ${DEVELOPERS_ONLY}`,
    200: ProjectImageDeletedResponse,
    404: `${PROJECT_NOT_FOUND}; \`not_found\`: no such image of the project`,
  })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('image_id') imageId: string) {
    return this.images.delete(principal, id, imageId);
  }
}

/** GET /v1/images/projects/{project_id}/{file}: project images for anyone, cacheable for good. */
@ApiTags('projects')
@Controller('images')
export class ProjectImageFilesController {
  constructor(private readonly images: ProjectImagesService) {}

  @Get('projects/:project_id/:file')
  @Public()
  @ApiRoute('A project image (display size or thumbnail)', {
    description:
      "The URLs in a project's `images`; immutable and cacheable for a year, with an `ETag` (304 on a match).",
    200: { description: 'The image', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
    304: 'Not modified',
    404: '`not_found`: no such image',
  })
  @ApiParam({ name: 'project_id', format: 'uuid' })
  @ApiParam({ name: 'file', description: '`<image id>.webp` or `<image id>-thumb.webp`' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy the client holds' })
  @ApiProduces('image/webp')
  async get(
    @Param('project_id') projectId: string,
    @Param('file') file: string,
    @IfNoneMatch() ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    // The same shape check as listing images' (uuid folder, `<uuid>[-thumb].webp`), under projects/.
    const key = `projects/${listingImageKeyOf(projectId, file).slice('listings/'.length)}`;
    const answer = imageAnswer(await this.images.read(key), ifNoneMatch);
    void reply.status(answer.status).headers(answer.headers);
    return answer.body;
  }
}
