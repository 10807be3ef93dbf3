import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import {
  CreateListingBody,
  ListListingsQuery,
  ListingDeletedResponse,
  ListingResponse,
  ListingsPageResponse,
  SELLER_LISTING_LIMIT,
  UpdateListingBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ListingsService } from './listings.service';
import { ApiRoute } from '../openapi/api-route.decorator';

const NOT_FOUND = '`not_found`: no such listing among yours (your workspace’s, or your own as a seller)';
const PLACE_422 =
  '`validation_error` with `field` (an unknown or ambiguous place also carries `suggestions`; land with bedrooms or bathrooms)';

@ApiTags('listings')
@ApiServiceUnavailableResponse({ description: '`service_unavailable`: the catalogue did not answer in time' })
@Controller('listings')
export class ListingsController {
  constructor(private readonly listings: ListingsService) {}

  @Post()
  @Idempotent()
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('Create a draft listing', {
    description:
      'Only `property_type` is required for a draft. A broker or developer workspace owns it; a seller account ' +
      `(no workspace) owns its own, at most ${SELLER_LISTING_LIMIT} at a time (rejected ones aside).`,
    201: ListingResponse,
    409:
      '`conflict`: external_ref already used in this workspace, or a seller already has ' +
      `${SELLER_LISTING_LIMIT} listings (\`details.max_listings\`)`,
    422: PLACE_422,
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateListingBody) {
    return this.listings.create(principal, body);
  }

  @Get()
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('Your listings (your workspace’s, or your own as a seller), newest first, optionally by status', {
    200: ListingsPageResponse,
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListListingsQuery) {
    return this.listings.list(principal, query);
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('One of your listings, in any state', { 200: ListingResponse, 404: NOT_FOUND })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.listings.get(principal, id);
  }

  @Patch(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('Edit a listing', {
    description:
      'Draft and rejected listings change freely; a pending one waits for moderation (409 `invalid_state`). ' +
      'Edits to a published listing go live at once and it stays `published` (spec 3). The automated checks run ' +
      'on every such edit: a finding the listing did not carry flags it to moderators (`flagged_at`, ' +
      '`changed_after_publication` first in `flags`), who may keep it or unpublish it with a reason.',
    200: ListingResponse,
    404: NOT_FOUND,
    409: '`invalid_state` with `state` (pending), or `conflict` (external_ref taken)',
    422: PLACE_422,
  })
  update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UpdateListingBody) {
    return this.listings.update(principal, id, body);
  }

  @Delete(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('Delete a listing (any state)', {
    description: 'Emits catalogue.listing.deleted.v1: its open inquiries are closed.',
    200: ListingDeletedResponse,
    404: NOT_FOUND,
  })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.listings.delete(principal, id);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('Submit a draft or rejected listing for moderation', {
    description:
      'Needs at least one image, both titles, price, area and place. The automated checks run now; ' +
      'their findings (`flags`) go to the moderators and never reject by themselves.',
    200: ListingResponse,
    403: "`email_not_verified`: the account (a key's creator) has not confirmed its e-mail address yet",
    404: NOT_FOUND,
    409:
      "`invalid_state` with `state`: only draft and rejected listings are submitted; a sold project unit's listing is not; " +
      `\`conflict\`: resubmitting a rejected listing of a seller who already has ${SELLER_LISTING_LIMIT} others`,
    422: '`listing_incomplete` with `missing` (images, title_en, title_ar, price, area_sqm, place)',
  })
  submit(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.listings.submit(principal, id);
  }
}
