import { Body, Controller, Get, HttpCode, Param, Post, Query, applyDecorators } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  BookingCreatedResponse,
  BookingNoteBody,
  BookingResponse,
  BookingsPageResponse,
  CreateBookingBody,
  ListBookingsQuery,
  ProposeBookingBody,
  SurveyBody,
  SurveyResponse,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { OAuthScope } from '../identity/access/oauth-scope.decorator';
import { BookingsService } from './bookings.service';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

const NOT_YOURS = '`not_found`: no such booking, or it is another buyer’s or another workspace’s';
const ILLEGAL = '`invalid_state` (with `state`, the current one): not a legal move from there';

@ApiTags('bookings')
@Authenticated(['user', 'api_key'])
@OAuthScope('bookings')
@Controller('bookings')
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

  @Post()
  @Idempotent()
  @ApiRoute('Book a viewing at an open slot', {
    description:
      '`scheduled_at` must equal the start of an open slot (GET /v1/properties/{id}/availability). One active ' +
      'booking per slot: the first wins, the others get 409 `slot_already_booked`; the buyer who holds it, booking ' +
      'it again (a retry whose answer was lost), gets that booking (`charged: false`). The broker is notified at once. ' +
      'Charged like an inquiry: one lead credit for a buyer’s first action on a listing.',
    201: BookingCreatedResponse,
    403: '`self_booking_forbidden`: a listing of your own workspace',
    404: '`property_not_found`: unknown or unpublished',
    409: '`slot_already_booked`: someone booked it first',
    422: '`slot_unavailable`: not an open slot; `validation_error` with `field` (e.g. a time in the past)',
  })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateBookingBody) {
    return this.bookings.create(principal, body);
  }

  @Get()
  @ApiRoute('Viewings, latest time first', {
    description:
      '`as=buyer`: yours; `as=broker`: your workspace’s, or your own listings’ as a seller (the default for ' +
      'workspace members, keys and sellers).',
    200: BookingsPageResponse,
    403: '`forbidden`: `as=broker` without a workspace',
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListBookingsQuery) {
    return this.bookings.list(principal, query);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiRoute('Confirm a pending booking (broker)')
  @BookingActionResponses()
  confirm(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.bookings.act(principal, id, 'confirm');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiRoute('Decline a pending booking, optionally saying why (broker)')
  @BookingActionResponses()
  reject(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: BookingNoteBody) {
    return this.bookings.act(principal, id, 'reject', body);
  }

  @Post(':id/propose')
  @HttpCode(200)
  @ApiRoute('Offer another time (broker)', {
    description: 'The new time must be an open slot of the property; the buyer accepts or cancels.',
    422: '`slot_unavailable` or `validation_error` with `field`',
  })
  @BookingActionResponses()
  propose(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ProposeBookingBody) {
    return this.bookings.act(principal, id, 'propose', body);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiRoute('Mark a confirmed viewing as done (broker); the buyer gets a survey')
  @BookingActionResponses()
  complete(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.bookings.act(principal, id, 'complete');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiRoute('Cancel a pending, confirmed or proposed booking (buyer)')
  @BookingActionResponses()
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: BookingNoteBody) {
    return this.bookings.act(principal, id, 'cancel', body);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiRoute('Accept the proposed time (buyer)', {
    description:
      'Books the proposed time as a new, confirmed booking (answered here) linked to this one by ' +
      '`rescheduled_from`/`rescheduled_to`; this one becomes `rescheduled`.',
    422: '`slot_unavailable`: the proposed time is no longer open',
  })
  @BookingActionResponses()
  accept(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.bookings.act(principal, id, 'accept');
  }

  @Post(':id/survey')
  @ApiRoute('Answer the post-visit survey of a completed viewing (buyer, once)', {
    201: SurveyResponse,
    403: '`forbidden`: only the buyer answers',
    404: NOT_YOURS,
    409: '`conflict`: already answered; `invalid_state`: not completed yet',
    422: INVALID,
  })
  survey(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: SurveyBody) {
    return this.bookings.survey(principal, id, body);
  }
}

function BookingActionResponses() {
  return applyDecorators(
    ApiOkResponse({ type: BookingResponse }),
    ApiNotFoundResponse({ description: NOT_YOURS }),
    ApiForbiddenResponse({ description: '`forbidden`: the other side’s action' }),
    ApiConflictResponse({ description: `${ILLEGAL}; \`slot_already_booked\` (accept)` }),
  );
}
