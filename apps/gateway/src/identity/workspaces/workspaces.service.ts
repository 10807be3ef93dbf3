import { Injectable, Logger } from '@nestjs/common';
import type {
  BalanceResponse,
  BillingAsset,
  DeleteWorkspaceBody,
  MemberListResponse,
  MemberResponse,
  OwnershipTransferBody,
  Principal,
  UpdateMemberRoleBody,
  UpdateWorkspaceSettingsBody,
  WorkspaceResponse,
  WorkspaceSettingsResponse,
} from '@app/contracts';
import { BillingRpc } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { AccountsRepository } from '../accounts/accounts.repository';
import { verifyPassword } from '../accounts/passwords';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { actorFor, assertNotOwner, isUuid, personFor } from './team-rules';
import { WorkspacesRepository } from './workspaces.repository';
import { toMemberListResponse, toMemberResponse, toWorkspaceResponse } from './workspace.mapper';
import type { MemberRow } from './workspace.mapper';

/** The caller's workspace and its team: roles, removal, ownership; its settings and its deletion. */
@Injectable()
export class WorkspacesService {
  private readonly logger = new Logger(WorkspacesService.name);

  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly rpc: RpcClient,
    private readonly accounts: AccountsRepository,
    private readonly apiKeys: ApiKeyVerifier,
  ) {}

  /** PATCH /v1/workspace (and the MCP tool workspace_update_settings): owner, admin or a key. */
  async updateSettings(principal: Principal, dto: UpdateWorkspaceSettingsBody): Promise<WorkspaceSettingsResponse> {
    const { workspaceId } = actorFor(principal, 'workspace:settings');
    const thresholds = Object.entries(dto.low_balance_threshold ?? {}).filter(([, value]) => value !== undefined) as [
      BillingAsset,
      number,
    ][];
    if ([dto.name, dto.default_language, dto.time_zone].every((value) => value === undefined) && !thresholds.length) {
      throw new AppError(
        'validation_error',
        'Send at least one of name, default_language, time_zone, low_balance_threshold.decisions or .lead_credits.',
        { field: 'name' },
      );
    }
    const found = await this.workspaces.updateSettings(workspaceId, {
      name: dto.name,
      defaultLanguage: dto.default_language,
      timeZone: dto.time_zone,
    });
    if (!found) throw new AppError('not_found', 'The workspace no longer exists.');
    let balance: BalanceResponse | undefined;
    for (const [asset, threshold] of thresholds)
      balance = await this.rpc.call(BillingRpc.setLowBalanceThreshold, { workspace_id: workspaceId, asset, threshold });
    balance ??= await this.rpc.call(BillingRpc.balance, { workspace_id: workspaceId });
    return { ...(await this.getWorkspace(principal)), low_balance_threshold: balance.low_balance_threshold };
  }

  /**
   * DELETE /v1/workspace: the signed-in owner, with their password. Refused (409) while a paid
   * balance is left (packs or lead credits bought and not used) unless the owner forfeits it;
   * granted credits (welcome, plan) go with the workspace without asking. The billing ledger
   * stays (accounting); listings leave the catalogue and webhooks stop through the event.
   */
  async deleteWorkspace(principal: Principal, dto: DeleteWorkspaceBody): Promise<void> {
    const { workspaceId, accountId } = personFor(principal, 'workspace:delete');
    const account = await this.accounts.findWithWorkspace(accountId);
    if (!(await verifyPassword(account?.account.passwordHash, dto.password))) {
      throw new AppError('validation_error', 'password is incorrect', { field: 'password' });
    }
    const { balance, paid } = await this.rpc.call(BillingRpc.paidBalance, { workspace_id: workspaceId });
    if ((paid.decisions > 0 || paid.lead_credits > 0) && !dto.forfeit_balance) {
      throw new AppError(
        'conflict',
        `The workspace still has ${paid.decisions} paid decisions and ${paid.lead_credits} paid lead credits. Use ` +
          'them, refund unused packs within 24 hours of purchase, or send forfeit_balance: true to give them up.',
        { details: { balance: paid } },
      );
    }
    const forfeited = { decisions: balance.decisions, lead_credits: balance.lead_credits };
    const keyIds = await this.workspaces.deleteWorkspace(workspaceId, accountId, forfeited);
    if (!keyIds) throw new AppError('forbidden', 'Only the owner can delete the workspace.');
    for (const keyId of keyIds) this.apiKeys.forget(keyId);
    this.logger.log({ workspace_id: workspaceId, account_id: accountId, forfeited }, 'Workspace deleted');
  }

  async getWorkspace(principal: Principal): Promise<WorkspaceResponse> {
    const { workspaceId } = actorFor(principal, 'workspace:read');
    const found = await this.workspaces.findWithMemberCount(workspaceId);
    if (!found) throw new AppError('not_found', 'The workspace no longer exists.');
    return toWorkspaceResponse(found.workspace, found.memberCount);
  }

  async listMembers(principal: Principal): Promise<MemberListResponse> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    return toMemberListResponse(await this.workspaces.listMembers(workspaceId));
  }

  async changeRole(principal: Principal, memberId: string, dto: UpdateMemberRoleBody): Promise<MemberResponse> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    const member = await this.memberOf(workspaceId, memberId);
    assertNotOwner(member.role, 'change');
    if (!(await this.workspaces.updateRole(workspaceId, memberId, dto.role))) throw memberNotFound(memberId);
    return toMemberResponse({ ...member, role: dto.role });
  }

  async removeMember(principal: Principal, memberId: string): Promise<void> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    const member = await this.memberOf(workspaceId, memberId);
    assertNotOwner(member.role, 'remove');
    if (!(await this.workspaces.removeMember(workspaceId, memberId))) throw memberNotFound(memberId);
  }

  /** The owner hands over to another member and stays on as admin. */
  async transferOwnership(principal: Principal, dto: OwnershipTransferBody): Promise<MemberListResponse> {
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
        return toMemberListResponse(await this.workspaces.listMembers(workspaceId));
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
