import { Injectable } from '@nestjs/common';
import { AppError } from '@app/errors';
import { randomUUID } from 'node:crypto';
import type { DecisionPackSize } from '@app/contracts';

export interface PackCharge {
  workspaceId: string;
  /** What is bought: `size` decisions in a pack, or `size` lead credits. */
  product: 'decision_pack' | 'lead_credits';
  size: number;
  /** The client's Idempotency-Key (or a generated one): pass it to the provider so a retry charges once. */
  idempotencyKey: string;
}

export interface PaymentReceipt {
  provider: string;
  /** The provider's id of the payment, kept on the pack for refunds and reconciliation. */
  reference: string;
}

/**
 * Takes the money for a decision pack or for lead credits. `manual` records a paid purchase without
 * taking money (demo and tests: see paymentProviderFor); none configured refuses. A real provider (Moyasar, HyperPay, Stripe…) implements this class:
 * `charge` creates and confirms the payment with `idempotencyKey` as the provider's own
 * idempotency key and resolves only once it is paid (throw an AppError otherwise: nothing
 * is credited); `refund` refunds `decisions / size` of the pack's price against `reference`.
 * Bind it in BillingModule: `{ provide: PaymentProvider, useClass: MoyasarPaymentProvider }`.
 */
export abstract class PaymentProvider {
  abstract charge(charge: PackCharge): Promise<PaymentReceipt>;
  abstract refund(receipt: PaymentReceipt, decisions: number, size: DecisionPackSize): Promise<void>;
}

@Injectable()
export class ManualPaymentProvider extends PaymentProvider {
  charge(): Promise<PaymentReceipt> {
    return Promise.resolve({ provider: 'manual', reference: `manual_${randomUUID()}` });
  }

  refund(): Promise<void> {
    return Promise.resolve();
  }
}

/** No provider configured: nothing can be bought (and so nothing credited for free). */
export class NoPaymentProvider extends PaymentProvider {
  charge(): Promise<PaymentReceipt> {
    return Promise.reject(notConfigured());
  }

  refund(): Promise<void> {
    return Promise.reject(notConfigured());
  }
}

function notConfigured(): AppError {
  return new AppError(
    'payments_not_configured',
    'Payments are not configured on this platform: nothing can be bought.',
  );
}
