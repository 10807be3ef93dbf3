import { Injectable } from '@nestjs/common';
import { DecisionsRpc, RPC_DEADLINES_MS, pageOf } from '@app/contracts';
import type { DecisionResponse, DecisionsPageResponse, PageQuery, Principal } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { workspaceOf } from '../identity/access/principal-workspace';

/** Single decisions for REST and MCP alike: the workspace from the credential, the answer from the decision service. */
@Injectable()
export class DecisionsService {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * The body goes to the decision service as received: the balance check (402) comes
   * before validation (422), and the balance is billing's, asked from there.
   */
  create(principal: Principal, body: unknown, idempotencyKey?: string): Promise<DecisionResponse> {
    const withReasoning = (body as { reasoning?: unknown } | null)?.reasoning === true;
    return this.rpc.call(
      DecisionsRpc.create,
      {
        workspace_id: workspaceOf(principal),
        body: body ?? null,
        ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
      },
      // One pattern, two costs: only a decision with reasoning waits on the model.
      withReasoning ? RPC_DEADLINES_MS.ai : undefined,
    );
  }

  list(principal: Principal, query: PageQuery): Promise<DecisionsPageResponse> {
    return this.rpc.call(DecisionsRpc.list, { workspace_id: workspaceOf(principal), ...pageOf(query) });
  }

  get(principal: Principal, id: string): Promise<DecisionResponse> {
    return this.rpc.call(DecisionsRpc.get, { workspace_id: workspaceOf(principal), id });
  }
}
