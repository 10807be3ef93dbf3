import { Injectable } from '@nestjs/common';
import { BillingRpc } from '@app/contracts';
import type { DebitResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';

/** One lead credit per lead, through billing's ledger: keyed on the lead, so it is charged once however often asked. */
@Injectable()
export class LeadBillingClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The ledger entry, or null when the workspace has no lead credit left (402 from billing). */
  async chargeLead(workspaceId: string, leadId: string): Promise<DebitResponse | null> {
    try {
      return await this.rpc.call(BillingRpc.debit, {
        workspace_id: workspaceId,
        asset: 'lead_credits',
        amount: 1,
        request_id: `lead:${leadId}`,
        reason: 'lead',
        reference: leadId,
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 402) return null;
      throw err;
    }
  }
}
