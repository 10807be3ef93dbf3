import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
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

const ILLEGAL = '`invalid_state` (with `state`): under review, or already verified';

@ApiTags('brokers')
@Controller('workspace/verification')
export class WorkspaceVerificationController {
  constructor(private readonly brokers: BrokersService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'workspace:read')
  @ApiOperation({ summary: "The workspace's verification and its public page's slug" })
  @ApiOkResponse({ type: WorkspaceVerificationResponse })
  get(@CurrentPrincipal() principal: Principal): Promise<WorkspaceVerificationResponse> {
    return this.brokers.verification(principal);
  }

  @Post('document')
  @AcceptsMultipart()
  @Authenticated(['user', 'api_key'], 'workspace:settings')
  @ApiOperation({
    summary: 'Upload the licence or register document (an image)',
    description:
      'multipart/form-data, the image in `file` (JPEG, PNG or WebP). Kept without metadata, seen by moderators ' +
      'only. Replaces an earlier document unless the verification is under review or approved.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(IMAGE_UPLOAD_BODY)
  @ApiCreatedResponse({ type: VerificationResponse })
  @ApiConflictResponse({ description: ILLEGAL })
  @ApiPayloadTooLargeResponse({ description: '`payload_too_large`: over IMAGE_MAX_BYTES, or more than one part' })
  @ApiUnsupportedMediaTypeResponse({ description: '`unsupported_media_type`: not multipart/form-data' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field: "file"`: not an image' })
  document(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest): Promise<VerificationResponse> {
    return this.brokers.uploadDocument(principal, request);
  }

  @Post()
  @Authenticated(['user', 'api_key'], 'workspace:settings')
  @ApiOperation({
    summary: 'Submit the licence or register for review',
    description: 'unverified or rejected → pending; a moderator reviews it (about one business day).',
  })
  @ApiCreatedResponse({ type: VerificationResponse })
  @ApiConflictResponse({ description: ILLEGAL })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field` (`document`: upload it first)' })
  submit(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SubmitVerificationBody,
  ): Promise<VerificationResponse> {
    return this.brokers.submit(principal, body);
  }
}

@ApiTags('moderation')
@Moderator()
@Controller('moderation/verifications')
export class ModerationVerificationsController {
  constructor(private readonly brokers: BrokersService) {}

  @Get()
  @ApiOperation({ summary: 'Verifications waiting for review, oldest first' })
  @ApiOkResponse({ type: VerificationReviewsResponse })
  queue(): Promise<VerificationReviewsResponse> {
    return this.brokers.queue();
  }

  @Get(':workspace_id/document')
  @ApiOperation({ summary: 'The submitted document image (never cached)' })
  @ApiParam({ name: 'workspace_id', format: 'uuid' })
  @ApiProduces('image/webp')
  @ApiOkResponse({
    description: 'The image',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({ description: '`not_found`: no verification or no document' })
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
  @ApiOperation({ summary: 'Approve: the workspace shows a verified badge' })
  @ApiOkResponse({ type: VerificationReviewResponse })
  @ApiNotFoundResponse({ description: '`not_found`: no verification' })
  @ApiConflictResponse({ description: '`invalid_state`: not pending' })
  approve(
    @CurrentPrincipal() principal: Principal,
    @Param('workspace_id') workspaceId: string,
    @Body() _body: ApproveVerificationBody,
  ): Promise<VerificationReviewResponse> {
    return this.brokers.decide(principal, workspaceId, 'approve');
  }

  @Post(':workspace_id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject with a reason; the workspace may resubmit' })
  @ApiOkResponse({ type: VerificationReviewResponse })
  @ApiNotFoundResponse({ description: '`not_found`: no verification' })
  @ApiConflictResponse({ description: '`invalid_state`: not pending' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field: "reason"`' })
  reject(
    @CurrentPrincipal() principal: Principal,
    @Param('workspace_id') workspaceId: string,
    @Body() body: RejectVerificationBody,
  ): Promise<VerificationReviewResponse> {
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
  @ApiOperation({
    summary: "A broker's public page",
    description:
      'Name, verified badge and the newest published listings. The slug is in GET /v1/workspace/verification.',
  })
  @ApiOkResponse({ type: BrokerPageResponse })
  @ApiNotFoundResponse({ description: '`not_found`: no broker at this address' })
  page(@Param('slug') slug: string): Promise<BrokerPageResponse> {
    return this.brokers.page(slug);
  }
}
