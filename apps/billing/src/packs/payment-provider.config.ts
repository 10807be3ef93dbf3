import { Logger } from '@nestjs/common';
import type { BillingEnv } from '../config/billing.env';
import { ManualPaymentProvider, NoPaymentProvider } from './payment-provider';
import type { PaymentProvider } from './payment-provider';

/**
 * The provider PAYMENTS_PROVIDER names. `manual` credits without taking money, so it needs
 * PAYMENTS_ALLOW_MANUAL=true beside it (standalone's demo sets both): a production deployment
 * that forgot to configure a provider refuses purchases instead of giving decisions away.
 */
export function paymentProviderFor(
  env: Pick<BillingEnv, 'PAYMENTS_PROVIDER' | 'PAYMENTS_ALLOW_MANUAL'>,
): PaymentProvider {
  const logger = new Logger('Payments');
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
