import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LeadResponse, LeadsPageResponse, ListLeadsQuery, UpdateLeadBody } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { CrmService } from './crm.service';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

@ApiTags('crm')
@Authenticated(['user', 'api_key'], 'leads:manage', { sellers: true })
@Controller('workspace/leads')
export class CrmController {
  constructor(private readonly crm: CrmService) {}

  @Get()
  @ApiRoute('Your pipeline of leads, newest first', {
    description:
      'A lead is one buyer on one listing, opened by their first inquiry, booking or phone reveal. A `locked` lead ' +
      'arrived while the workspace had no lead credit: its contact is hidden until credit is bought. A seller ' +
      '(no workspace) sees the leads of their own listings here, never locked: sellers are never charged lead credits.',
    200: LeadsPageResponse,
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListLeadsQuery) {
    return this.crm.list(principal, query);
  }

  @Patch(':id')
  @ApiRoute('Move a lead along the pipeline or record its outcome', {
    description:
      'Stages: new → contacted → viewing → negotiating → closed (any order). Outcomes: `bought`, ' +
      '`still_interested`, `not_interested`; `null` clears it.',
    200: LeadResponse,
    404: '`not_found`: no such lead among yours',
    422: INVALID,
  })
  update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UpdateLeadBody) {
    return this.crm.update(principal, id, body);
  }
}
