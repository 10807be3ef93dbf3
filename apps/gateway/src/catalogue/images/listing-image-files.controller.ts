import { Controller, Get, Param, Res, createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ApiHeader, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../identity/access/access.decorators';
import { ListingImagesService } from './listing-images.service';
import { imageAnswer, listingImageKeyOf } from '../../media/images/image-answer';
import { ApiRoute } from '../../openapi/api-route.decorator';

/** The optional If-None-Match header (`@Headers()` would be documented as a required one). */
// eslint-disable-next-line no-useless-assignment -- read by @IfNoneMatch() below: ESLint 10 does not count parameter decorators as reads (eslint/eslint#20947)
const IfNoneMatch = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    context.switchToHttp().getRequest<FastifyRequest>().headers['if-none-match'],
);

/** GET /v1/images/listings/{listing_id}/{file}: the stored images, for anyone, cacheable for good. */
@ApiTags('listings')
@Controller('images')
export class ListingImageFilesController {
  constructor(private readonly images: ListingImagesService) {}

  @Get('listings/:listing_id/:file')
  @Public()
  @ApiRoute('A listing image (display size or thumbnail)', {
    description:
      'The URLs in `image_urls`, `images[].url` and `images[].thumbnail_url`. The bytes at a URL never ' +
      'change (a new upload gets a new URL), so the answer is cacheable for a year ' +
      '(`Cache-Control: public, max-age=31536000, immutable`) and carries an `ETag`; `If-None-Match` ' +
      'with it answers 304.',
    200: { description: 'The image', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
    304: 'Not modified: the `If-None-Match` ETag is the current one',
    404: '`not_found`: no such image (deleted, or never uploaded)',
  })
  @ApiParam({ name: 'listing_id', format: 'uuid' })
  @ApiParam({ name: 'file', description: '`<image id>.webp` (display size) or `<image id>-thumb.webp` (thumbnail)' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy the client holds' })
  @ApiProduces('image/webp')
  async get(
    @Param('listing_id') listingId: string,
    @Param('file') file: string,
    @IfNoneMatch() ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const answer = imageAnswer(await this.images.read(listingImageKeyOf(listingId, file)), ifNoneMatch);
    void reply.status(answer.status).headers(answer.headers);
    return answer.body;
  }
}
