import { Injectable } from '@nestjs/common';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { actorFor, assertNotOwner, isUuid, personFor } from './team-rules';
import { toMemberDto, toMemberListDto, toWorkspaceDto } from './workspaces.dto';
import type {
  MemberDto,
  MemberListDto,
  MemberRow,
  OwnershipTransferDto,
  UpdateMemberRoleDto,
  WorkspaceDto,
} from './workspaces.dto';
import { WorkspacesRepository } from './workspaces.repository';

/** The caller's workspace and its team: roles, removal, ownership. */
@Injectable()
export class WorkspacesService {
  constructor(private readonly workspaces: WorkspacesRepository) {}

  async getWorkspace(principal: Principal): Promise<WorkspaceDto> {
    const { workspaceId } = actorFor(principal, 'workspace:read');
    const found = await this.workspaces.findWithMemberCount(workspaceId);
    if (!found) throw new AppError('not_found', 'The workspace no longer exists.');
    return toWorkspaceDto(found.workspace, found.memberCount);
  }

  async listMembers(principal: Principal): Promise<MemberListDto> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    return toMemberListDto(await this.workspaces.listMembers(workspaceId));
  }

  async changeRole(principal: Principal, memberId: string, dto: UpdateMemberRoleDto): Promise<MemberDto> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    const member = await this.memberOf(workspaceId, memberId);
    assertNotOwner(member.role, 'change');
    if (!(await this.workspaces.updateRole(workspaceId, memberId, dto.role))) throw memberNotFound(memberId);
    return toMemberDto({ ...member, role: dto.role });
  }

  async removeMember(principal: Principal, memberId: string): Promise<void> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    const member = await this.memberOf(workspaceId, memberId);
    assertNotOwner(member.role, 'remove');
    if (!(await this.workspaces.removeMember(workspaceId, memberId))) throw memberNotFound(memberId);
  }

  /** The owner hands over to another member and stays on as admin. */
  async transferOwnership(principal: Principal, dto: OwnershipTransferDto): Promise<MemberListDto> {
    const { workspaceId, accountId } = personFor(principal, 'ownership:transfer');
    if (dto.member_id === accountId) {
      throw new AppError('validation_error', 'member_id is already the owner: choose another member', {
        field: 'member_id',
      });
    }
    await this.memberOf(workspaceId, dto.member_id);
    const outcome = await this.workspaces.transferOwnership(workspaceId, accountId, dto.member_id);
    switch (outcome) {
      case 'transferred':
        return toMemberListDto(await this.workspaces.listMembers(workspaceId));
      case 'not_owner':
        throw new AppError('forbidden', 'Only the owner can transfer ownership.');
      case 'no_member':
        throw memberNotFound(dto.member_id);
    }
  }

  /** Another workspace's member, an unknown id and a malformed one all answer 404: nothing is disclosed. */
  private async memberOf(workspaceId: string, memberId: string): Promise<MemberRow> {
    const member = isUuid(memberId) ? await this.workspaces.findMember(workspaceId, memberId) : null;
    if (!member) throw memberNotFound(memberId);
    return member;
  }
}

function memberNotFound(memberId: string): AppError {
  return new AppError('not_found', `There is no member ${JSON.stringify(memberId)} in your workspace.`);
}
