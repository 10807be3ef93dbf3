import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApproveVerificationBody,
  BrokerPageResponse,
  RejectVerificationBody,
  SubmitVerificationBody,
  VerificationResponse,
  VerificationReviewResponse,
  VerificationReviewsResponse,
  WorkspaceVerificationResponse,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { PublicRateLimited } from '../fair-use/public-rate-limit.guard';
import { IMAGE_UPLOAD_BODY } from '../openapi/upload-bodies';
import { PUBLISHED_ITEM } from '../http/conditional-requests/cache-policy';
import { ConditionalGet } from '../http/conditional-requests/conditional-get.decorator';
import { AcceptsMultipart } from '../media/multipart-body';
import { Authenticated, CurrentPrincipal, Moderator, Public } from '../identity/access/access.decorators';
import { BrokersService } from './brokers.service';
import { ApiRoute } from '../openapi/api-route.decorator';

const ILLEGAL = '`invalid_state` (with `state`): under review, or already verified';

@ApiTags('brokers')
@Controller('workspace/verification')
export class WorkspaceVerificationController {
  constructor(private readonly brokers: BrokersService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'workspace:read')
  @ApiRoute("The workspace's verification and its public page's slug", { 200: WorkspaceVerificationResponse })
  get(@CurrentPrincipal() principal: Principal) {
    return this.brokers.verification(principal);
  }

  @Post('document')
  @AcceptsMultipart(IMAGE_UPLOAD_BODY)
  @Authenticated(['user', 'api_key'], 'workspace:settings')
  @ApiRoute('Upload the licence or register document (an image)', {
    description:
      'multipart/form-data, the image in `file` (JPEG, PNG or WebP). Kept without metadata, seen by moderators ' +
      'only. Replaces an earlier document unless the verification is under review or approved.',
    201: VerificationResponse,
    409: ILLEGAL,
    413: '`payload_too_large`: over IMAGE_MAX_BYTES, or more than one part',
    422: '`validation_error` with `field: "file"`: not an image',
  })
  document(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.brokers.uploadDocument(principal, request);
  }

  @Post()
  @Authenticated(['user', 'api_key'], 'workspace:settings')
  @ApiRoute('Submit the licence or register for review', {
    description: 'unverified or rejected → pending; a moderator reviews it (about one business day).',
    201: VerificationResponse,
    409: ILLEGAL,
    422: '`validation_error` with `field` (`document`: upload it first)',
  })
  submit(@CurrentPrincipal() principal: Principal, @Body() body: SubmitVerificationBody) {
    return this.brokers.submit(principal, body);
  }
}

@ApiTags('moderation')
@Moderator()
@Controller('moderation/verifications')
export class ModerationVerificationsController {
  constructor(private readonly brokers: BrokersService) {}

  @Get()
  @ApiRoute('Verifications waiting for review, oldest first', { 200: VerificationReviewsResponse })
  queue() {
    return this.brokers.queue();
  }

  @Get(':workspace_id/document')
  @ApiRoute('The submitted document image (never cached)', {
    200: { description: 'The image', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
    404: '`not_found`: no verification or no document',
  })
  @ApiParam({ name: 'workspace_id', format: 'uuid' })
  @ApiProduces('image/webp')
  async document(
    @Param('workspace_id') workspaceId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const image = await this.brokers.document(workspaceId);
    void reply.header('content-type', image.contentType).header('cache-control', 'private, no-store');
    return image.body;
  }

  @Post(':workspace_id/approve')
  @HttpCode(200)
  @ApiRoute('Approve: the workspace shows a verified badge', {
    200: VerificationReviewResponse,
    404: '`not_found`: no verification',
    409: '`invalid_state`: not pending',
  })
  approve(
    @CurrentPrincipal() principal: Principal,
    @Param('workspace_id') workspaceId: string,
    @Body() _body: ApproveVerificationBody,
  ) {
    return this.brokers.decide(principal, workspaceId, 'approve');
  }

  @Post(':workspace_id/reject')
  @HttpCode(200)
  @ApiRoute('Reject with a reason; the workspace may resubmit', {
    200: VerificationReviewResponse,
    404: '`not_found`: no verification',
    409: '`invalid_state`: not pending',
    422: '`validation_error` with `field: "reason"`',
  })
  reject(
    @CurrentPrincipal() principal: Principal,
    @Param('workspace_id') workspaceId: string,
    @Body() body: RejectVerificationBody,
  ) {
    return this.brokers.decide(principal, workspaceId, 'reject', body.reason);
  }
}

@ApiTags('brokers')
@Public()
@PublicRateLimited()
@Controller('brokers')
export class BrokersController {
  constructor(private readonly brokers: BrokersService) {}

  @Get(':slug')
  @ConditionalGet(PUBLISHED_ITEM)
  @ApiRoute("A broker's public page", {
    description:
      'Name, verified badge and the newest published listings. The slug is in GET /v1/workspace/verification.',
    200: BrokerPageResponse,
    404: '`not_found`: no broker at this address',
  })
  page(@Param('slug') slug: string) {
    return this.brokers.page(slug);
  }
}
