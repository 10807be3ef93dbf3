import { Injectable, Logger } from '@nestjs/common';
import { BillingRpc } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { workspaceCreatedPayload } from './workspace-events';
import type { Workspace } from './workspace.entity';

/**
 * A new workspace's welcome allowance and its plan's lead credits for this month, granted before
 * its creator hears back, so a broker who signs up, makes a key and decides at once is not
 * refused, nor is the first inquiry locked (the event alone arrives a moment later). When
 * billing cannot answer now, identity.workspace.created.v1 still grants both.
 */
@Injectable()
export class WelcomeAllowance {
  private readonly logger = new Logger(WelcomeAllowance.name);

  constructor(private readonly rpc: RpcClient) {}

  async grant(workspace: Workspace, options: { demo?: boolean } = {}): Promise<void> {
    try {
      await this.rpc.call(BillingRpc.welcome, workspaceCreatedPayload(workspace, options));
    } catch (err) {
      this.logger.warn({ err, workspace_id: workspace.id }, 'Welcome allowance deferred to the workspace event');
    }
  }
}
