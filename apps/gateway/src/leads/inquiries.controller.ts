import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiConflictResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  CreateInquiryBody,
  InquiriesPageResponse,
  InquiryCreatedResponse,
  InquiryMessageBody,
  InquiryMessageResponse,
  InquiryThreadResponse,
  ListInquiriesQuery,
  UpdateInquiryBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { OAuthScope } from '../identity/access/oauth-scope.decorator';
import { InquiriesService } from './inquiries.service';
import { Idempotent } from '../idempotency/idempotent.decorator';

const NOT_YOURS = '`not_found`: no such inquiry, or it is another buyer’s or another workspace’s';

@ApiTags('inquiries')
@Authenticated(['user', 'api_key'])
@OAuthScope('inquiries')
@Controller('inquiries')
export class InquiriesController {
  constructor(private readonly inquiries: InquiriesService) {}

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Ask a listing’s broker a question',
    description:
      'Opens a thread with the broker (spec 4.4). At most 10 inquiries per rolling hour per buyer (429 ' +
      '`rate_limited` with `retry_after` and `Retry-After`). The first inquiry, booking or phone reveal of a buyer ' +
      'on a listing costs the broker one lead credit (`charged: true`; never for a seller’s own listing: sellers are ' +
      'never charged); with none left the inquiry is still sent ' +
      'and the lead waits, locked, for credit. With an API key, the inquiry comes from the key’s creator.',
  })
  @ApiCreatedResponse({ type: InquiryCreatedResponse })
  @ApiNotFoundResponse({ description: '`property_not_found`: unknown or unpublished' })
  @ApiForbiddenResponse({ description: '`self_inquiry_forbidden`: a listing of your own workspace' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  @ApiTooManyRequestsResponse({ description: '`rate_limited`: over 10 inquiries in the last hour' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateInquiryBody): Promise<InquiryCreatedResponse> {
    return this.inquiries.create(principal, body);
  }

  @Get()
  @ApiOperation({
    summary: 'Inquiry threads, latest activity first',
    description:
      '`as=buyer`: the ones you sent; `as=broker`: your workspace’s, or your own listings’ as a seller (the default ' +
      'for workspace members, keys and sellers).',
  })
  @ApiOkResponse({ type: InquiriesPageResponse })
  @ApiForbiddenResponse({ description: '`forbidden`: `as=broker` without a workspace' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListInquiriesQuery): Promise<InquiriesPageResponse> {
    return this.inquiries.list(principal, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One thread with its messages' })
  @ApiOkResponse({ type: InquiryThreadResponse })
  @ApiNotFoundResponse({ description: NOT_YOURS })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<InquiryThreadResponse> {
    return this.inquiries.get(principal, id);
  }

  @Post(':id/messages')
  @Idempotent()
  @ApiOperation({
    summary: 'Follow up (buyer) or reply (broker)',
    description: 'The first broker reply moves the thread from `open` to `replied`. Messages cost nothing.',
  })
  @ApiCreatedResponse({ type: InquiryMessageResponse })
  @ApiNotFoundResponse({ description: NOT_YOURS })
  @ApiConflictResponse({ description: '`invalid_state`: the thread is closed' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  addMessage(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: InquiryMessageBody,
  ): Promise<InquiryMessageResponse> {
    return this.inquiries.addMessage(principal, id, body);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Close a thread (buyer or broker)' })
  @ApiOkResponse({ type: InquiryThreadResponse })
  @ApiNotFoundResponse({ description: NOT_YOURS })
  @ApiConflictResponse({ description: '`invalid_state`: already closed' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error`: `status` must be `closed`' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() _body: UpdateInquiryBody,
  ): Promise<InquiryThreadResponse> {
    return this.inquiries.close(principal, id);
  }
}
