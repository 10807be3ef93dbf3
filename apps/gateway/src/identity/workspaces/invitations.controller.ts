import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal, Public } from '../access/access.decorators';
import { InvitationsService } from './invitations.service';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import {
  AcceptedMemberResponse,
  AcceptInvitationBody,
  CreateInvitationBody,
  InvitationListResponse,
  InvitationResponse,
} from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('workspace')
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('workspace/invitations')
  @Idempotent()
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiRoute('Invite someone', {
    description:
      'The invitee is e-mailed an accept link, in their language when they have an account (the inviter’s ' +
      'otherwise). The link carries the single-use token; nobody else ever sees it.',
    201: InvitationResponse,
    409: '`conflict`: already a member, or already invited',
    503: '`service_unavailable`: invitations cannot be e-mailed here',
  })
  invite(@CurrentPrincipal() principal: Principal, @Body() dto: CreateInvitationBody) {
    return this.invitations.invite(principal, dto);
  }

  @Get('workspace/invitations')
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiRoute('Pending invitations', { 200: InvitationListResponse })
  list(@CurrentPrincipal() principal: Principal) {
    return this.invitations.listPending(principal);
  }

  @Delete('workspace/invitations/:id')
  @HttpCode(204)
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiRoute('Revoke a pending invitation', {
    204: 'Revoked',
    404: '`not_found`: no such pending invitation in your workspace',
  })
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.invitations.revoke(principal, id);
  }

  @Post('invitations/accept')
  @HttpCode(200)
  @Public()
  @ApiRoute('Join a workspace with an invitation', {
    description: 'An existing account sends its password; otherwise the account is created (name required).',
    200: AcceptedMemberResponse,
    401: "`unauthorized`: wrong password for the invitee's existing account",
    404: '`not_found`: used, revoked, expired or unknown invitation',
    409: '`conflict`: the account already belongs to a workspace',
  })
  accept(@Body() dto: AcceptInvitationBody) {
    return this.invitations.accept(dto);
  }
}
