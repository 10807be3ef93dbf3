import { Body, Controller, Get, HttpCode, Param, Post, Query, applyDecorators } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
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
  @ApiOperation({
    summary: 'Book a viewing at an open slot',
    description:
      '`scheduled_at` must equal the start of an open slot (GET /v1/properties/{id}/availability). One active ' +
      'booking per slot: the first wins, the others get 409 `slot_already_booked`; the buyer who holds it, booking ' +
      'it again (a retry whose answer was lost), gets that booking (`charged: false`). The broker is notified at once. ' +
      'Charged like an inquiry: one lead credit for a buyer’s first action on a listing.',
  })
  @ApiCreatedResponse({ type: BookingCreatedResponse })
  @ApiNotFoundResponse({ description: '`property_not_found`: unknown or unpublished' })
  @ApiForbiddenResponse({ description: '`self_booking_forbidden`: a listing of your own workspace' })
  @ApiConflictResponse({ description: '`slot_already_booked`: someone booked it first' })
  @ApiUnprocessableEntityResponse({
    description: '`slot_unavailable`: not an open slot; `validation_error` with `field` (e.g. a time in the past)',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateBookingBody,
  ): Promise<BookingCreatedResponse> {
    return this.bookings.create(principal, body);
  }

  @Get()
  @ApiOperation({
    summary: 'Viewings, latest time first',
    description:
      '`as=buyer`: yours; `as=broker`: your workspace’s, or your own listings’ as a seller (the default for ' +
      'workspace members, keys and sellers).',
  })
  @ApiOkResponse({ type: BookingsPageResponse })
  @ApiForbiddenResponse({ description: '`forbidden`: `as=broker` without a workspace' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListBookingsQuery): Promise<BookingsPageResponse> {
    return this.bookings.list(principal, query);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm a pending booking (broker)' })
  @BookingActionResponses()
  confirm(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BookingResponse> {
    return this.bookings.act(principal, id, 'confirm');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a pending booking, optionally saying why (broker)' })
  @BookingActionResponses()
  reject(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: BookingNoteBody) {
    return this.bookings.act(principal, id, 'reject', body);
  }

  @Post(':id/propose')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Offer another time (broker)',
    description: 'The new time must be an open slot of the property; the buyer accepts or cancels.',
  })
  @BookingActionResponses()
  @ApiUnprocessableEntityResponse({ description: '`slot_unavailable` or `validation_error` with `field`' })
  propose(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ProposeBookingBody) {
    return this.bookings.act(principal, id, 'propose', body);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a confirmed viewing as done (broker); the buyer gets a survey' })
  @BookingActionResponses()
  complete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BookingResponse> {
    return this.bookings.act(principal, id, 'complete');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a pending, confirmed or proposed booking (buyer)' })
  @BookingActionResponses()
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: BookingNoteBody) {
    return this.bookings.act(principal, id, 'cancel', body);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept the proposed time (buyer)',
    description:
      'Books the proposed time as a new, confirmed booking (answered here) linked to this one by ' +
      '`rescheduled_from`/`rescheduled_to`; this one becomes `rescheduled`.',
  })
  @BookingActionResponses()
  @ApiUnprocessableEntityResponse({ description: '`slot_unavailable`: the proposed time is no longer open' })
  accept(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BookingResponse> {
    return this.bookings.act(principal, id, 'accept');
  }

  @Post(':id/survey')
  @ApiOperation({ summary: 'Answer the post-visit survey of a completed viewing (buyer, once)' })
  @ApiCreatedResponse({ type: SurveyResponse })
  @ApiNotFoundResponse({ description: NOT_YOURS })
  @ApiForbiddenResponse({ description: '`forbidden`: only the buyer answers' })
  @ApiConflictResponse({ description: '`conflict`: already answered; `invalid_state`: not completed yet' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  survey(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: SurveyBody,
  ): Promise<SurveyResponse> {
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
