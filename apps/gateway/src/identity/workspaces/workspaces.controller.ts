import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../access/access.decorators';
import { WorkspacesService } from './workspaces.service';
import {
  DeleteWorkspaceBody,
  MemberListResponse,
  MemberResponse,
  OwnershipTransferBody,
  UpdateMemberRoleBody,
  UpdateWorkspaceSettingsBody,
  WorkspaceResponse,
  WorkspaceSettingsResponse,
} from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('workspace')
@Controller('workspace')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'workspace:read')
  @ApiRoute("The caller's workspace", {
    description: 'Any member, or an API key of the workspace.',
    200: WorkspaceResponse,
  })
  get(@CurrentPrincipal() principal: Principal) {
    return this.workspaces.getWorkspace(principal);
  }

  @Patch()
  @Authenticated(['user', 'api_key'], 'workspace:settings')
  @ApiRoute("Change the workspace's settings", {
    description:
      'Owner, admin or an API key. Only the fields sent change: `name` (the public page address follows it), ' +
      '`default_language`, `time_zone` (IANA), `low_balance_threshold` `{decisions?, lead_credits?}` (0: never warn). ' +
      'The MCP tool `workspace_update_settings` does the same.',
    200: WorkspaceSettingsResponse,
    422: '`validation_error` with `field`; an empty body names `name`',
  })
  updateSettings(@CurrentPrincipal() principal: Principal, @Body() dto: UpdateWorkspaceSettingsBody) {
    return this.workspaces.updateSettings(principal, dto);
  }

  @Delete()
  @HttpCode(204)
  @Authenticated(['user'], 'workspace:delete')
  @ApiRoute('Delete the workspace', {
    description:
      'The signed-in owner, with their password (an API key gets 403 `api_key_not_allowed`). Listings leave the ' +
      'catalogue, API keys and invitations end, members are detached (their accounts stay), webhooks and WhatsApp ' +
      'stop. The billing ledger and the decisions are kept for accounting (10 years); see docs/security.md. ' +
      'Granted credits (welcome decisions, plan lead credits) are forfeited without asking; a paid balance is not.',
    204: 'Deleted',
    409:
      '`conflict` with `details.balance` (the paid part): bought decisions or lead credits are left (credits are ' +
      'used oldest first); send `forfeit_balance: true` to give them up',
    422: '`validation_error` on `password`: missing or incorrect',
  })
  deleteWorkspace(@CurrentPrincipal() principal: Principal, @Body() dto: DeleteWorkspaceBody) {
    return this.workspaces.deleteWorkspace(principal, dto);
  }

  @Get('members')
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiRoute('The team', {
    description: 'Owner, then admins, then agents; by name within a role.',
    200: MemberListResponse,
  })
  members(@CurrentPrincipal() principal: Principal) {
    return this.workspaces.listMembers(principal);
  }

  @Patch('members/:id')
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiRoute("Change a member's role", {
    description: "The owner's role changes only by transfer.",
    200: MemberResponse,
    404: '`not_found`: no such member in your workspace',
  })
  changeRole(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() dto: UpdateMemberRoleBody) {
    return this.workspaces.changeRole(principal, id, dto);
  }

  @Delete('members/:id')
  @HttpCode(204)
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiRoute('Remove a member', {
    description: 'The owner cannot be removed.',
    204: 'Removed',
    404: '`not_found`: no such member in your workspace',
  })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.workspaces.removeMember(principal, id);
  }

  @Post('ownership-transfer')
  @HttpCode(200)
  @Authenticated(['user'], 'ownership:transfer')
  @ApiRoute('Make another member the owner', {
    description: 'The previous owner becomes an admin.',
    200: { type: MemberListResponse, description: 'The team after the transfer' },
    404: '`not_found`: no such member in your workspace',
    409: '`conflict`',
  })
  transferOwnership(@CurrentPrincipal() principal: Principal, @Body() dto: OwnershipTransferBody) {
    return this.workspaces.transferOwnership(principal, dto);
  }
}
