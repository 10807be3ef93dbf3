import { Logger } from '@nestjs/common';
import type { BillingEnv } from '../config/billing.env';
import type * as StripeProvider from '../payments/stripe-payment-provider';
import { ManualPaymentProvider, NoPaymentProvider } from './payment-provider';
import type { PaymentProvider } from './payment-provider';

type PaymentsEnv = Pick<
  BillingEnv,
  | 'PAYMENTS_PROVIDER'
  | 'PAYMENTS_ALLOW_MANUAL'
  | 'PAYMENTS_RETURN_URL'
  | 'PAYMENTS_TIMEOUT_MS'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_URL'
>;

/**
 * The provider PAYMENTS_PROVIDER names. `manual` credits without taking money, so it needs
 * PAYMENTS_ALLOW_MANUAL=true beside it (standalone's demo sets both): a production deployment
 * that forgot to configure a provider refuses purchases instead of giving decisions away.
 * `stripe` without its two secrets is a configuration error: the service refuses to start.
 */
export function paymentProviderFor(env: PaymentsEnv): PaymentProvider {
  const logger = new Logger('Payments');
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    // The Stripe SDK loads only where Stripe is the provider (idle memory elsewhere).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { StripePaymentProvider } = require('../payments/stripe-payment-provider') as typeof StripeProvider;
    return new StripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
      returnUrl: env.PAYMENTS_RETURN_URL,
      timeoutMs: env.PAYMENTS_TIMEOUT_MS,
    });
  }
  if (env.PAYMENTS_PROVIDER === 'manual' && env.PAYMENTS_ALLOW_MANUAL) {
    logger.warn('Payments: manual provider (no money is taken; demo and tests only)');
    return new ManualPaymentProvider();
  }
  logger.warn(
    env.PAYMENTS_PROVIDER === 'manual'
      ? 'PAYMENTS_PROVIDER=manual needs PAYMENTS_ALLOW_MANUAL=true: purchases answer payments_not_configured'
      : 'No PAYMENTS_PROVIDER configured: purchases answer payments_not_configured',
  );
  return new NoPaymentProvider();
}
