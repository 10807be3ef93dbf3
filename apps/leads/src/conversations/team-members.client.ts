import { Injectable } from '@nestjs/common';
import { IdentityRpc } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/**
 * Who can take a conversation: identity is the gateway's, asked as the notification service
 * asks it. "Available" = every current member of the workspace with role agent or above
 * (owner, admin, agent); removed members are no longer members, so they are never picked.
 */
@Injectable()
export class TeamMembersClient {
  constructor(private readonly rpc: RpcClient) {}

  async available(workspaceId: string): Promise<string[]> {
    const { recipients } = await this.rpc.call(IdentityRpc.recipients, {
      workspace_id: workspaceId,
      roles: ['owner', 'admin', 'agent'],
    });
    return recipients.map((recipient) => recipient.account_id);
  }

  async isMember(workspaceId: string, accountId: string): Promise<boolean> {
    return (await this.available(workspaceId)).includes(accountId);
  }
}
