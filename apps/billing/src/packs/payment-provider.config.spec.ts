import { loadEnv } from '@app/config';
import { BillingEnv } from '../config/billing.env';
import { ManualPaymentProvider, NoPaymentProvider } from './payment-provider';
import { paymentProviderFor } from './payment-provider.config';

const order = {
  purchaseId: 'p',
  workspaceId: 'w',
  product: 'decision_pack' as const,
  quantity: 5,
  amount: 4900,
  currency: 'SAR',
  description: 'pack',
};

describe('paymentProviderFor', () => {
  it('should refuse purchases with payments_not_configured when no provider is configured', async () => {
    const provider = paymentProviderFor(loadEnv(BillingEnv, {}));
    expect(provider).toBeInstanceOf(NoPaymentProvider);
    await expect(provider.checkout(order)).rejects.toMatchObject({ error: 'payments_not_configured', status: 503 });
  });

  it('should refuse purchases when manual is named without PAYMENTS_ALLOW_MANUAL', () => {
    const env = loadEnv(BillingEnv, { PAYMENTS_PROVIDER: 'manual', PAYMENTS_ALLOW_MANUAL: 'false' });
    expect(paymentProviderFor(env)).toBeInstanceOf(NoPaymentProvider);
  });

  it('should credit without money only when manual is named and allowed explicitly', () => {
    const env = loadEnv(BillingEnv, { PAYMENTS_PROVIDER: 'manual', PAYMENTS_ALLOW_MANUAL: 'true' });
    expect(paymentProviderFor(env)).toBeInstanceOf(ManualPaymentProvider);
  });

  it('should refuse to start when PAYMENTS_PROVIDER names an unknown provider', () => {
    expect(() => loadEnv(BillingEnv, { PAYMENTS_PROVIDER: 'free' })).toThrow(/PAYMENTS_PROVIDER/);
  });
});
