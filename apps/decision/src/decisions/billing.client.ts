import { Injectable } from '@nestjs/common';
import { BILLING_BALANCE_PATTERN, BILLING_DEBIT_PATTERN, BILLING_REFUND_PATTERN } from '@app/contracts';
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
    return this.rpc.send(BILLING_BALANCE_PATTERN, req);
  }

  debit(req: DebitRequest): Promise<DebitResponse> {
    return this.rpc.send(BILLING_DEBIT_PATTERN, req);
  }

  refund(req: RefundRequest): Promise<RefundResponse> {
    return this.rpc.send(BILLING_REFUND_PATTERN, req);
  }
}
