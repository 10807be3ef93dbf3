import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { AvailabilityQuery, AvailabilityResponse, BrokerPhoneResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { Authenticated, CurrentPrincipal, Public } from '../identity/access/access.decorators';
import { OAuthScope } from '../identity/access/oauth-scope.decorator';
import { PublicRateLimited } from '../fair-use/public-rate-limit.guard';
import { LeadParties } from './lead-parties';
import { LeadsClient } from './leads.client';
import { Idempotent } from '../idempotency/idempotent.decorator';

const DEFAULT_WINDOW_MS = 14 * 86_400_000;

/** The buyer-facing parts of leads that hang off a property: open viewing times and the broker's phone. */
@ApiTags('properties')
@Controller('properties')
export class PropertyLeadsController {
  constructor(
    private readonly leads: LeadsClient,
    private readonly parties: LeadParties,
  ) {}

  @Get(':id/availability')
  @Public()
  @PublicRateLimited()
  @ApiOperation({
    summary: 'Open viewing times of a published property',
    description:
      'Future, unbooked slot starts in [from, to) (default: the next 14 days; at most 92 days), in UTC and on the ' +
      'listing’s clock. Book one by sending its `starts_at` as `scheduled_at` to POST /v1/bookings.',
  })
  @ApiOkResponse({ type: AvailabilityResponse })
  @ApiNotFoundResponse({ description: '`property_not_found`: unknown or unpublished' })
  @ApiBadRequestResponse({ description: '`invalid_param` with `field`: a bad date or window' })
  availability(@Param('id') id: string, @Query() query: AvailabilityQuery): Promise<AvailabilityResponse> {
    const from = query.from ?? new Date().toISOString();
    const to = query.to ?? new Date(new Date(from).getTime() + DEFAULT_WINDOW_MS).toISOString();
    if (new Date(to).getTime() <= new Date(from).getTime()) {
      throw new AppError('invalid_param', '`to` must be after `from`.', { field: 'to' });
    }
    return this.leads.availability({ property_id: propertyId(id), from, to });
  }

  @Post(':id/reveal-phone')
  @Idempotent()
  @HttpCode(200)
  @Authenticated(['user'])
  @OAuthScope('reveal_phone')
  @ApiOperation({
    summary: 'Show the broker’s phone',
    description:
      'A lead like an inquiry or a booking: the first action of a buyer on a listing costs the broker one lead ' +
      'credit (`charged`), later ones nothing.',
  })
  @ApiOkResponse({ type: BrokerPhoneResponse })
  @ApiNotFoundResponse({
    description: '`property_not_found`: unknown or unpublished; `not_found`: the broker has no phone on file',
  })
  @ApiForbiddenResponse({ description: '`forbidden`: a listing of your own workspace' })
  async revealPhone(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BrokerPhoneResponse> {
    const listing = await this.leads.listingOwner(propertyId(id));
    if (listing.status !== 'published') throw new AppError('property_not_found', 'No published property has this id.');
    const broker = listing.broker_id ? await this.parties.contact(listing.broker_id) : null;
    if (!broker?.phone) {
      throw new AppError('not_found', 'The broker of this property has no phone number on file. Send an inquiry.');
    }
    const revealed = await this.leads.revealPhone({
      ...(await this.parties.buyer(principal)),
      property_id: listing.id,
    });
    return {
      property_id: revealed.property_id,
      broker_id: revealed.broker_id,
      broker_name: broker.name,
      phone: broker.phone,
      charged: revealed.charged,
    };
  }
}

function propertyId(id: string): string {
  if (!isUUID(id)) throw new AppError('property_not_found', 'No published property has this id.');
  return id;
}
