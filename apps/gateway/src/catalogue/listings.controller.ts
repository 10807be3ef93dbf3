import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
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
  @ApiOperation({
    summary: 'Create a draft listing',
    description:
      'Only `property_type` is required for a draft. A broker or developer workspace owns it; a seller account ' +
      `(no workspace) owns its own, at most ${SELLER_LISTING_LIMIT} at a time (rejected ones aside).`,
  })
  @ApiCreatedResponse({ type: ListingResponse })
  @ApiUnprocessableEntityResponse({ description: PLACE_422 })
  @ApiConflictResponse({
    description:
      '`conflict`: external_ref already used in this workspace, or a seller already has ' +
      `${SELLER_LISTING_LIMIT} listings (\`details.max_listings\`)`,
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateListingBody): Promise<ListingResponse> {
    return this.listings.create(principal, body);
  }

  @Get()
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiOperation({
    summary: 'Your listings (your workspace’s, or your own as a seller), newest first, optionally by status',
  })
  @ApiOkResponse({ type: ListingsPageResponse })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListListingsQuery): Promise<ListingsPageResponse> {
    return this.listings.list(principal, query);
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiOperation({ summary: 'One of your listings, in any state' })
  @ApiOkResponse({ type: ListingResponse })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ListingResponse> {
    return this.listings.get(principal, id);
  }

  @Patch(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiOperation({
    summary: 'Edit a listing',
    description:
      'Draft and rejected listings change freely; a pending one waits for moderation (409 `invalid_state`). ' +
      'Edits to a published listing go live at once and it stays `published` (spec 3). The automated checks run ' +
      'on every such edit: a finding the listing did not carry flags it to moderators (`flagged_at`, ' +
      '`changed_after_publication` first in `flags`), who may keep it or unpublish it with a reason.',
  })
  @ApiOkResponse({ type: ListingResponse })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: '`invalid_state` with `state` (pending), or `conflict` (external_ref taken)' })
  @ApiUnprocessableEntityResponse({ description: PLACE_422 })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateListingBody,
  ): Promise<ListingResponse> {
    return this.listings.update(principal, id, body);
  }

  @Delete(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiOperation({
    summary: 'Delete a listing (any state)',
    description: 'Emits catalogue.listing.deleted.v1: its open inquiries are closed.',
  })
  @ApiOkResponse({ type: ListingDeletedResponse })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ListingDeletedResponse> {
    return this.listings.delete(principal, id);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiOperation({
    summary: 'Submit a draft or rejected listing for moderation',
    description:
      'Needs at least one image, both titles, price, area and place. The automated checks run now; ' +
      'their findings (`flags`) go to the moderators and never reject by themselves.',
  })
  @ApiOkResponse({ type: ListingResponse })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({
    description:
      "`invalid_state` with `state`: only draft and rejected listings are submitted; a sold project unit's listing is not; " +
      `\`conflict\`: resubmitting a rejected listing of a seller who already has ${SELLER_LISTING_LIMIT} others`,
  })
  @ApiUnprocessableEntityResponse({
    description: '`listing_incomplete` with `missing` (images, title_en, title_ar, price, area_sqm, place)',
  })
  @ApiForbiddenResponse({
    description: "`email_not_verified`: the account (a key's creator) has not confirmed its e-mail address yet",
  })
  submit(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ListingResponse> {
    return this.listings.submit(principal, id);
  }
}
