import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { CreateSlotBody, ListSlotsQuery, SlotResponse, SlotRuleResponse, SlotsResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { SLOT_OR_RULE_SCHEMA } from '../openapi/contract-schema-overrides';
import { SlotsService } from './slots.service';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

@ApiTags('bookings')
@ApiExtraModels(SlotResponse, SlotRuleResponse)
@Authenticated(['user', 'api_key'], 'bookings:manage', { sellers: true })
@Controller('workspace/slots')
export class SlotsController {
  constructor(private readonly slots: SlotsService) {}

  @Get()
  @ApiRoute('Your open viewing slots still ahead and your weekly rules', { 200: SlotsResponse })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListSlotsQuery) {
    return this.slots.list(principal, query);
  }

  @Post()
  @Idempotent()
  @ApiRoute('Open a viewing slot, or a weekly rule of slots', {
    description:
      'One slot: `{property_id, starts_at, duration_minutes}`. A weekly rule: `{property_id, weekday (0 = Sunday), ' +
      'local_time "HH:MM", duration_minutes, from?, until?}` on the listing’s clock (Asia/Riyadh or Asia/Dubai); ' +
      'its slots are computed and compared in UTC. Default duration: 30 minutes.',
    201: { schema: SLOT_OR_RULE_SCHEMA },
    404: '`not_found`: not one of your listings',
    409: '`conflict`: a slot already starts then',
    422: INVALID,
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateSlotBody) {
    return this.slots.create(principal, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiRoute('Remove a slot or a weekly rule (bookings already made stay)', {
    204: 'Removed',
    404: '`not_found`: no such slot or rule among yours',
  })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.slots.remove(principal, id);
  }
}
