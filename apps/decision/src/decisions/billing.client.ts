import { Injectable } from '@nestjs/common';
import { BillingRpc } from '@app/contracts';
import type {
  BalanceRequest,
  BalanceResponse,
  DebitRequest,
  DebitResponse,
  RefundRequest,
  RefundResponse,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The balance belongs to billing: the decision service only asks it to debit and refund. */
@Injectable()
export class BillingClient {
  constructor(private readonly rpc: RpcClient) {}

  balance(req: BalanceRequest): Promise<BalanceResponse> {
    return this.rpc.call(BillingRpc.balance, req);
  }

  debit(req: DebitRequest): Promise<DebitResponse> {
    return this.rpc.call(BillingRpc.debit, req);
  }

  refund(req: RefundRequest): Promise<RefundResponse> {
    return this.rpc.call(BillingRpc.refund, req);
  }
}
