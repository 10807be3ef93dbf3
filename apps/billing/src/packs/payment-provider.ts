import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { PurchaseProduct } from '@app/contracts';
import { AppError } from '@app/errors';

/** What the buyer pays for, as the provider's checkout shows it. */
export interface CheckoutOrder {
  /** Our purchase id: the provider's idempotency key and the reference its webhook returns. */
  purchaseId: string;
  workspaceId: string;
  product: PurchaseProduct;
  /** Decisions in the pack, or lead credits. */
  quantity: number;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  description: string;
}

/** Paid at once (manual), or a hosted payment page the buyer is sent to (the webhook settles it). */
export type CheckoutResult =
  { state: 'paid'; paymentReference: string } | { state: 'pending'; sessionReference: string; checkoutUrl: string };

/** A verified provider event, reduced to what billing acts on. */
export interface PaymentEvent {
  /** The provider's event id: each is acted on once. */
  eventId: string;
  type: string;
  /** `ignored`: an event billing does not act on. */
  outcome: 'paid' | 'failed' | 'expired' | 'ignored';
  /** Our purchase id and workspace as the checkout carried them (null when absent). */
  purchaseId: string | null;
  workspaceId: string | null;
  sessionReference: string | null;
  /** The payment itself (refunds go against it). */
  paymentReference: string | null;
}

/**
 * Takes the money for a decision pack or for lead credits. `checkout` starts a payment
 * (the purchase id is the provider's idempotency key: twins of one purchase make one
 * checkout); `parseWebhook` verifies the provider's signature over the raw body (throws
 * `invalid_signature`); `refund` gives `amount` back on the payment. Errors other than an
 * AppError mean the provider is unreachable or failing: 503 `payment_unavailable`.
 * Chosen by PAYMENTS_PROVIDER (payment-provider.config.ts).
 */
export abstract class PaymentProvider {
  abstract readonly name: string;
  abstract checkout(order: CheckoutOrder): Promise<CheckoutResult>;
  abstract parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
  abstract refund(refund: { paymentReference: string; amount: number; idempotencyKey: string }): Promise<void>;
}

/** No money moves: the purchase is paid at once (demo and tests, PAYMENTS_ALLOW_MANUAL). */
@Injectable()
export class ManualPaymentProvider extends PaymentProvider {
  readonly name = 'manual';

  checkout(): Promise<CheckoutResult> {
    return Promise.resolve({ state: 'paid', paymentReference: `manual_${randomUUID()}` });
  }

  parseWebhook(): PaymentEvent {
    throw new AppError('not_found', 'This payment provider sends no webhooks.');
  }

  refund(): Promise<void> {
    return Promise.resolve();
  }
}

/** No provider configured: nothing can be bought (and so nothing credited for free). */
export class NoPaymentProvider extends PaymentProvider {
  readonly name = 'none';

  checkout(): Promise<CheckoutResult> {
    return Promise.reject(notConfigured());
  }

  parseWebhook(): PaymentEvent {
    throw new AppError('not_found', 'No payment provider is configured.');
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
