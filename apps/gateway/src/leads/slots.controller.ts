import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CreateSlotBody, ListSlotsQuery, SlotResponse, SlotRuleResponse, SlotsResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { SLOT_OR_RULE_SCHEMA } from '../openapi/contract-schema-overrides';
import { SlotsService } from './slots.service';
import { Idempotent } from '../idempotency/idempotent.decorator';

@ApiTags('bookings')
@ApiExtraModels(SlotResponse, SlotRuleResponse)
@Authenticated(['user', 'api_key'], 'bookings:manage', { sellers: true })
@Controller('workspace/slots')
export class SlotsController {
  constructor(private readonly slots: SlotsService) {}

  @Get()
  @ApiOperation({ summary: 'Your open viewing slots still ahead and your weekly rules' })
  @ApiOkResponse({ type: SlotsResponse })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListSlotsQuery): Promise<SlotsResponse> {
    return this.slots.list(principal, query);
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Open a viewing slot, or a weekly rule of slots',
    description:
      'One slot: `{property_id, starts_at, duration_minutes}`. A weekly rule: `{property_id, weekday (0 = Sunday), ' +
      'local_time "HH:MM", duration_minutes, from?, until?}` on the listing’s clock (Asia/Riyadh or Asia/Dubai); ' +
      'its slots are computed and compared in UTC. Default duration: 30 minutes.',
  })
  @ApiCreatedResponse({ schema: SLOT_OR_RULE_SCHEMA })
  @ApiNotFoundResponse({ description: '`not_found`: not one of your listings' })
  @ApiConflictResponse({ description: '`conflict`: a slot already starts then' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateSlotBody,
  ): Promise<SlotResponse | SlotRuleResponse> {
    return this.slots.create(principal, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a slot or a weekly rule (bookings already made stay)' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ description: '`not_found`: no such slot or rule among yours' })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.slots.remove(principal, id);
  }
}
