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
import type { ListingDeletedResponse, ListingResponse, ListingsPageResponse, Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { workspaceOf } from '../identity/access/principal-workspace';
import { EmailVerification } from '../identity/accounts/email-verification';
import { CatalogueClient } from './catalogue.client';
import { CreateListingDto, ListListingsQueryDto, UpdateListingDto } from './listing-body.dto';
import { ListingDeletedDto, ListingDto, ListingsPageDto } from './listing.dto';

const NOT_FOUND = '`not_found`: no such listing in your workspace';
const PLACE_422 =
  '`validation_error` with `field` (an unknown or ambiguous place also carries `suggestions`; land with bedrooms or bathrooms)';

@ApiTags('listings')
@ApiServiceUnavailableResponse({ description: '`service_unavailable`: the catalogue did not answer in time' })
@Controller('listings')
export class ListingsController {
  constructor(
    private readonly catalogue: CatalogueClient,
    private readonly emails: EmailVerification,
  ) {}

  @Post()
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiOperation({ summary: 'Create a draft listing', description: 'Only `property_type` is required for a draft.' })
  @ApiCreatedResponse({ type: ListingDto })
  @ApiUnprocessableEntityResponse({ description: PLACE_422 })
  @ApiConflictResponse({ description: '`conflict`: external_ref already used in this workspace' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateListingDto): Promise<ListingResponse> {
    return this.catalogue.createListing({
      ...body,
      workspace_id: workspaceOf(principal),
      created_by: principal.accountId,
    });
  }

  @Get()
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiOperation({ summary: "The workspace's listings, newest first, optionally by status" })
  @ApiOkResponse({ type: ListingsPageDto })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListListingsQueryDto): Promise<ListingsPageResponse> {
    return this.catalogue.listListings({
      workspace_id: workspaceOf(principal),
      ...(query.status ? { status: query.status } : {}),
      limit: query.limit,
      offset: query.offset,
    });
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiOperation({ summary: 'One listing of the workspace, in any state' })
  @ApiOkResponse({ type: ListingDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ListingResponse> {
    return this.catalogue.getListing({ workspace_id: workspaceOf(principal), id });
  }

  @Patch(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiOperation({
    summary: 'Edit a listing',
    description:
      'Draft and rejected listings change freely; a pending one waits for moderation (409 `invalid_state`). ' +
      'Edits to a published listing go live at once, but a price that leaves the automated price band ' +
      '(p25/1.5 .. p75×1.5 of the district benchmark per m²) sends it back to `pending`.',
  })
  @ApiOkResponse({ type: ListingDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: '`invalid_state` with `state` (pending), or `conflict` (external_ref taken)' })
  @ApiUnprocessableEntityResponse({ description: PLACE_422 })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateListingDto,
  ): Promise<ListingResponse> {
    return this.catalogue.updateListing({ ...body, workspace_id: workspaceOf(principal), id });
  }

  @Delete(':id')
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiOperation({
    summary: 'Delete a listing (any state)',
    description: 'Emits catalogue.listing.deleted.v1: its open inquiries are closed.',
  })
  @ApiOkResponse({ type: ListingDeletedDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ListingDeletedResponse> {
    return this.catalogue.deleteListing({ workspace_id: workspaceOf(principal), id });
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiOperation({
    summary: 'Submit a draft or rejected listing for moderation',
    description:
      'Needs at least one image, both titles, price, area and place. The automated checks run now; ' +
      'their findings (`flags`) go to the moderators and never reject by themselves.',
  })
  @ApiOkResponse({ type: ListingDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({
    description:
      "`invalid_state` with `state`: only draft and rejected listings are submitted; a sold project unit's listing is not",
  })
  @ApiUnprocessableEntityResponse({
    description: '`listing_incomplete` with `missing` (images, title_en, title_ar, price, area_sqm, place)',
  })
  @ApiForbiddenResponse({
    description: "`email_not_verified`: the account (a key's creator) has not confirmed its e-mail address yet",
  })
  async submit(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ListingResponse> {
    const workspaceId = workspaceOf(principal);
    await this.emails.assertVerified(principal.accountId, 'submit a listing for publication');
    return this.catalogue.submitListing({ workspace_id: workspaceId, id });
  }
}
