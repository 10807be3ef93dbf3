import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { LeadResponse, LeadsPageResponse, ListLeadsQuery, UpdateLeadBody, pageOf } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { listingOwnerOf } from '../catalogue/listing-owner';
import { pathId } from './lead-parties';
import { LeadsClient } from './leads.client';

@ApiTags('crm')
@Authenticated(['user', 'api_key'], 'leads:manage', { sellers: true })
@Controller('workspace/leads')
export class CrmController {
  constructor(private readonly leads: LeadsClient) {}

  @Get()
  @ApiOperation({
    summary: 'Your pipeline of leads, newest first',
    description:
      'A lead is one buyer on one listing, opened by their first inquiry, booking or phone reveal. A `locked` lead ' +
      'arrived while the workspace had no lead credit: its contact is hidden until credit is bought. A seller ' +
      '(no workspace) sees the leads of their own listings here, never locked: sellers are never charged lead credits.',
  })
  @ApiOkResponse({ type: LeadsPageResponse })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListLeadsQuery): Promise<LeadsPageResponse> {
    return this.leads.listLeads({
      ...listingOwnerOf(principal),
      account_id: principal.accountId,
      ...(query.stage ? { stage: query.stage } : {}),
      ...(query.outcome ? { outcome: query.outcome } : {}),
      ...(query.property_id ? { property_id: query.property_id } : {}),
      ...(query.locked !== undefined ? { locked: query.locked } : {}),
      ...pageOf(query),
    });
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Move a lead along the pipeline or record its outcome',
    description:
      'Stages: new → contacted → viewing → negotiating → closed (any order). Outcomes: `bought`, ' +
      '`still_interested`, `not_interested`; `null` clears it.',
  })
  @ApiOkResponse({ type: LeadResponse })
  @ApiNotFoundResponse({ description: '`not_found`: no such lead among yours' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateLeadBody,
  ): Promise<LeadResponse> {
    return this.leads.updateLead({
      ...listingOwnerOf(principal),
      account_id: principal.accountId,
      id: pathId(id, 'lead'),
      ...(body.stage ? { stage: body.stage } : {}),
      ...(body.outcome !== undefined ? { outcome: body.outcome } : {}),
    });
  }
}
