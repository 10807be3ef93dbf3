import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
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

@ApiTags('workspace')
@Controller('workspace')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'workspace:read')
  @ApiOperation({ summary: "The caller's workspace", description: 'Any member, or an API key of the workspace.' })
  @ApiOkResponse({ type: WorkspaceResponse })
  get(@CurrentPrincipal() principal: Principal): Promise<WorkspaceResponse> {
    return this.workspaces.getWorkspace(principal);
  }

  @Patch()
  @Authenticated(['user', 'api_key'], 'workspace:settings')
  @ApiOperation({
    summary: "Change the workspace's settings",
    description:
      'Owner, admin or an API key. Only the fields sent change: `name` (the public page address follows it), ' +
      '`default_language`, `time_zone` (IANA), `low_balance_threshold` `{decisions?, lead_credits?}` (0: never warn). ' +
      'The MCP tool `workspace_update_settings` does the same.',
  })
  @ApiOkResponse({ type: WorkspaceSettingsResponse })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`; an empty body names `name`' })
  updateSettings(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: UpdateWorkspaceSettingsBody,
  ): Promise<WorkspaceSettingsResponse> {
    return this.workspaces.updateSettings(principal, dto);
  }

  @Delete()
  @HttpCode(204)
  @Authenticated(['user'], 'workspace:delete')
  @ApiOperation({
    summary: 'Delete the workspace',
    description:
      'The signed-in owner, with their password (an API key gets 403 `api_key_not_allowed`). Listings leave the ' +
      'catalogue, API keys and invitations end, members are detached (their accounts stay), webhooks and WhatsApp ' +
      'stop. The billing ledger and the decisions are kept for accounting (10 years); see docs/security.md. ' +
      'Granted credits (welcome decisions, plan lead credits) are forfeited without asking; a paid balance is not.',
  })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiConflictResponse({
    description:
      '`conflict` with `details.balance` (the paid part): bought decisions or lead credits are left (credits are ' +
      'used oldest first); send `forfeit_balance: true` to give them up',
  })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` on `password`: missing or incorrect' })
  deleteWorkspace(@CurrentPrincipal() principal: Principal, @Body() dto: DeleteWorkspaceBody): Promise<void> {
    return this.workspaces.deleteWorkspace(principal, dto);
  }

  @Get('members')
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiOperation({ summary: 'The team', description: 'Owner, then admins, then agents; by name within a role.' })
  @ApiOkResponse({ type: MemberListResponse })
  members(@CurrentPrincipal() principal: Principal): Promise<MemberListResponse> {
    return this.workspaces.listMembers(principal);
  }

  @Patch('members/:id')
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiOperation({ summary: "Change a member's role", description: "The owner's role changes only by transfer." })
  @ApiOkResponse({ type: MemberResponse })
  @ApiNotFoundResponse({ description: '`not_found`: no such member in your workspace' })
  changeRole(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() dto: UpdateMemberRoleBody,
  ): Promise<MemberResponse> {
    return this.workspaces.changeRole(principal, id, dto);
  }

  @Delete('members/:id')
  @HttpCode(204)
  @Authenticated(['user', 'api_key'], 'team:manage')
  @ApiOperation({ summary: 'Remove a member', description: 'The owner cannot be removed.' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ description: '`not_found`: no such member in your workspace' })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.workspaces.removeMember(principal, id);
  }

  @Post('ownership-transfer')
  @HttpCode(200)
  @Authenticated(['user'], 'ownership:transfer')
  @ApiOperation({ summary: 'Make another member the owner', description: 'The previous owner becomes an admin.' })
  @ApiOkResponse({ type: MemberListResponse, description: 'The team after the transfer' })
  @ApiNotFoundResponse({ description: '`not_found`: no such member in your workspace' })
  @ApiConflictResponse({ description: '`conflict`' })
  transferOwnership(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: OwnershipTransferBody,
  ): Promise<MemberListResponse> {
    return this.workspaces.transferOwnership(principal, dto);
  }
}
