import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { AppError } from '@app/errors';
import { PaymentProvider } from '../packs/payment-provider';
import type { CheckoutOrder, CheckoutResult, PaymentEvent } from '../packs/payment-provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Unset in production; tests point it at their local Stripe. */
  apiUrl?: string;
  /** Where Checkout sends the buyer back; `purchase` and `result` are added. */
  returnUrl: string;
  timeoutMs: number;
}

/** What each Checkout Session event means for the purchase (Stripe's documented fulfilment events). */
const OUTCOMES: Record<string, PaymentEvent['outcome']> = {
  'checkout.session.completed': 'paid', // settled only when payment_status is `paid` (below)
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/**
 * Stripe Checkout through the official SDK: a hosted payment page (cards, Apple Pay, mada
 * cards on the card rails), so card data never reaches us. Our purchase id is the request's
 * idempotency key and the session's `client_reference_id`, so twins of one purchase make one
 * session and the webhook names the purchase it pays.
 */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly logger = new Logger('StripePayments');

  constructor(private readonly options: StripeOptions) {
    super();
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      timeout: options.timeoutMs,
      maxNetworkRetries: 1,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'http:' ? 80 : 443),
        protocol: api.protocol === 'http:' ? 'http' : 'https',
      }),
    });
  }

  async checkout(order: CheckoutOrder): Promise<CheckoutResult> {
    const back = (result: 'success' | 'cancel') => {
      const url = new URL(this.options.returnUrl);
      url.searchParams.set('purchase', order.purchaseId);
      url.searchParams.set('result', result);
      return url.toString();
    };
    const metadata = { purchase_id: order.purchaseId, workspace_id: order.workspaceId, product: order.product };
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: order.purchaseId,
          metadata,
          payment_intent_data: { metadata },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amount,
                product_data: { name: order.description },
              },
            },
          ],
          success_url: back('success'),
          cancel_url: back('cancel'),
        },
        { idempotencyKey: `checkout:${order.purchaseId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a url');
      return { state: 'pending', sessionReference: session.id, checkoutUrl: session.url };
    } catch (err) {
      throw this.unavailable(err, 'The payment provider is unavailable. Nothing was charged; try again.');
    }
  }

  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.options.webhookSecret);
    } catch {
      throw new AppError('invalid_signature', 'The webhook signature does not match its body.');
    }
    const outcome = OUTCOMES[event.type];
    if (!outcome) return ignored(event);
    const session = event.data.object as Stripe.Checkout.Session;
    const paid = outcome !== 'paid' || session.payment_status !== 'unpaid'; // unpaid: a delayed method, settled later
    return {
      eventId: event.id,
      type: event.type,
      outcome: paid ? outcome : 'ignored',
      purchaseId: session.client_reference_id ?? session.metadata?.purchase_id ?? null,
      workspaceId: session.metadata?.workspace_id ?? null,
      sessionReference: session.id,
      paymentReference:
        typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    };
  }

  async refund(refund: { paymentReference: string; amount: number; idempotencyKey: string }): Promise<void> {
    if (refund.amount <= 0) return;
    try {
      await this.stripe.refunds.create(
        { payment_intent: refund.paymentReference, amount: refund.amount },
        { idempotencyKey: refund.idempotencyKey },
      );
    } catch (err) {
      throw this.unavailable(
        err,
        'The payment provider is unavailable. Nothing was refunded or taken back; try again.',
      );
    }
  }

  /** The SDK's errors carry no secret, but only their type and message are logged. */
  private unavailable(err: unknown, answer: string): AppError {
    const { type, message } = err as { type?: string; message?: string };
    this.logger.error(`Stripe call failed: ${type ?? 'error'}: ${message ?? String(err)}`);
    return new AppError('payment_unavailable', answer);
  }
}

function ignored(event: Stripe.Event): PaymentEvent {
  return {
    eventId: event.id,
    type: event.type,
    outcome: 'ignored',
    purchaseId: null,
    workspaceId: null,
    sessionReference: null,
    paymentReference: null,
  };
}
