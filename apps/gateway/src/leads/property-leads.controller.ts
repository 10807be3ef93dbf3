import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AvailabilityQuery, AvailabilityResponse, BrokerPhoneResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal, Public } from '../identity/access/access.decorators';
import { OAuthScope } from '../identity/access/oauth-scope.decorator';
import { PublicRateLimited } from '../fair-use/public-rate-limit.guard';
import { PropertyLeadsService } from './property-leads.service';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';

/** The buyer-facing parts of leads that hang off a property: open viewing times and the broker's phone. */
@ApiTags('properties')
@Controller('properties')
export class PropertyLeadsController {
  constructor(private readonly propertyLeads: PropertyLeadsService) {}

  @Get(':id/availability')
  @Public()
  @PublicRateLimited()
  @ApiRoute('Open viewing times of a published property', {
    description:
      'Future, unbooked slot starts in [from, to) (default: the next 14 days; at most 92 days), in UTC and on the ' +
      'listing’s clock. Book one by sending its `starts_at` as `scheduled_at` to POST /v1/bookings.',
    200: AvailabilityResponse,
    400: '`invalid_param` with `field`: a bad date or window',
    404: '`property_not_found`: unknown or unpublished',
  })
  availability(@Param('id') id: string, @Query() query: AvailabilityQuery) {
    return this.propertyLeads.availability(id, query);
  }

  @Post(':id/reveal-phone')
  @Idempotent()
  @HttpCode(200)
  @Authenticated(['user'])
  @OAuthScope('reveal_phone')
  @ApiRoute('Show the broker’s phone', {
    description:
      'A lead like an inquiry or a booking: the first action of a buyer on a listing costs the broker one lead ' +
      'credit (`charged`), later ones nothing.',
    200: BrokerPhoneResponse,
    403: '`forbidden`: a listing of your own workspace',
    404: '`property_not_found`: unknown or unpublished; `not_found`: the broker has no phone on file',
  })
  revealPhone(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.propertyLeads.revealPhone(principal, id);
  }
}
