import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

const NOT_YOURS = '`not_found`: no such inquiry, or it is another buyer’s or another workspace’s';

@ApiTags('inquiries')
@Authenticated(['user', 'api_key'])
@OAuthScope('inquiries')
@Controller('inquiries')
export class InquiriesController {
  constructor(private readonly inquiries: InquiriesService) {}

  @Post()
  @Idempotent()
  @ApiRoute('Ask a listing’s broker a question', {
    description:
      'Opens a thread with the broker (spec 4.4). At most 10 inquiries per rolling hour per buyer (429 ' +
      '`rate_limited` with `retry_after` and `Retry-After`). The first inquiry, booking or phone reveal of a buyer ' +
      'on a listing costs the broker one lead credit (`charged: true`; never for a seller’s own listing: sellers are ' +
      'never charged); with none left the inquiry is still sent ' +
      'and the lead waits, locked, for credit. With an API key, the inquiry comes from the key’s creator.',
    201: InquiryCreatedResponse,
    403: '`self_inquiry_forbidden`: a listing of your own workspace',
    404: '`property_not_found`: unknown or unpublished',
    422: INVALID,
    429: '`rate_limited`: over 10 inquiries in the last hour',
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateInquiryBody) {
    return this.inquiries.create(principal, body);
  }

  @Get()
  @ApiRoute('Inquiry threads, latest activity first', {
    description:
      '`as=buyer`: the ones you sent; `as=broker`: your workspace’s, or your own listings’ as a seller (the default ' +
      'for workspace members, keys and sellers).',
    200: InquiriesPageResponse,
    403: '`forbidden`: `as=broker` without a workspace',
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListInquiriesQuery) {
    return this.inquiries.list(principal, query);
  }

  @Get(':id')
  @ApiRoute('One thread with its messages', { 200: InquiryThreadResponse, 404: NOT_YOURS })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.inquiries.get(principal, id);
  }

  @Post(':id/messages')
  @Idempotent()
  @ApiRoute('Follow up (buyer) or reply (broker)', {
    description: 'The first broker reply moves the thread from `open` to `replied`. Messages cost nothing.',
    201: InquiryMessageResponse,
    404: NOT_YOURS,
    409: '`invalid_state`: the thread is closed',
    422: INVALID,
  })
  addMessage(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: InquiryMessageBody) {
    return this.inquiries.addMessage(principal, id, body);
  }

  @Patch(':id')
  @ApiRoute('Close a thread (buyer or broker)', {
    200: InquiryThreadResponse,
    404: NOT_YOURS,
    409: '`invalid_state`: already closed',
    422: '`validation_error`: `status` must be `closed`',
  })
  update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() _body: UpdateInquiryBody) {
    return this.inquiries.close(principal, id);
  }
}
