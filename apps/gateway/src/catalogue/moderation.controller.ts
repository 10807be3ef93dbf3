import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ListingResponse, ListingsPageResponse, PageQuery, RejectListingBody } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { CurrentPrincipal, Moderator } from '../identity/access/access.decorators';
import { ModerationService } from './moderation.service';
import { ApiRoute } from '../openapi/api-route.decorator';

const NOT_FOUND = '`not_found`: no such listing';
const NOT_PENDING =
  '`invalid_state` with `state`: only pending listings, and published ones an edit flagged, are approved';
const NOT_REJECTABLE =
  '`invalid_state` with `state`: only pending listings, and published ones an edit flagged, are rejected';

@ApiTags('moderation')
@ApiServiceUnavailableResponse({ description: '`service_unavailable`: the catalogue did not answer in time' })
@Controller('moderation/listings')
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Get()
  @Moderator()
  @ApiRoute('The moderation queue: pending listings and flagged published ones, oldest first, with their flags', {
    description:
      'Pending listings (by submission) and published listings whose edit the automated checks flagged (by ' +
      '`flagged_at`; status `published`, `changed_after_publication` first in `flags`, the edit already live).',
    200: ListingsPageResponse,
  })
  queue(@Query() query: PageQuery) {
    return this.moderation.queue(query);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Moderator()
  @ApiRoute('Publish a pending listing, or keep a flagged published one', {
    description:
      'Pending: published, listed_at set (first time) and the bullets written. Published and flagged: stays ' +
      'published, `flagged_at` cleared; its findings count as seen (the same ones do not flag it again).',
    200: ListingResponse,
    404: NOT_FOUND,
    409: NOT_PENDING,
  })
  approve(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.moderation.approve(principal, id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Moderator()
  @ApiRoute('Reject a pending listing, or unpublish a flagged published one, with a reason shown to its owner', {
    description:
      'pending → rejected; flagged published → rejected (unpublished: out of search at once, its broker or seller ' +
      'notified by e-mail and in-app, its open inquiries stay open). The owner may edit and submit it again.',
    200: ListingResponse,
    404: NOT_FOUND,
    409: NOT_REJECTABLE,
  })
  reject(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: RejectListingBody) {
    return this.moderation.reject(principal, id, body);
  }
}
