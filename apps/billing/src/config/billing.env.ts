import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from '@app/validation';
import { BaseEnv, ToBoolean, ToInteger, defineAppConfig } from '@app/config';

/** The payment providers billing can take money through (`manual`: none, for demos and tests). */
export const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export class BillingEnv extends BaseEnv {
  /** Decisions granted once to every new broker workspace (`welcome:<workspace id>` in the ledger). 0: none. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(10_000)
  FREE_DECISIONS = 10;

  /** Decisions granted instead to the standalone demo workspace: enough to explore, reasoning included. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(10_000)
  DEMO_DECISIONS = 100;

  /** Default low-balance threshold for decisions, until a workspace sets its own. 0: never warn. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  LOW_BALANCE_DECISIONS = 3;

  /** Default low-balance threshold for lead credits. 0: never warn. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  LOW_BALANCE_LEAD_CREDITS = 3;

  /** Lead-credit plans and their monthly allocation, `name:credits` separated by commas. */
  @IsString()
  @Matches(/^[a-z][a-z0-9_-]{0,31}:\d{1,6}(,[a-z][a-z0-9_-]{0,31}:\d{1,6})*$/, {
    message: 'must be name:credits pairs separated by commas, e.g. starter:20,pro:100',
  })
  LEAD_CREDIT_PLANS = 'starter:20,pro:100,agency:500';

  /** The plan a new broker workspace is on; must be one of LEAD_CREDIT_PLANS. */
  @IsString()
  @Matches(/^[a-z][a-z0-9_-]{0,31}$/, { message: 'must be a plan name' })
  DEFAULT_LEAD_PLAN = 'starter';

  /** How often the scheduler looks for workspaces not yet granted this month's lead credits. */
  @ToInteger()
  @IsInt()
  @Min(50)
  @Max(86_400_000)
  LEAD_CREDIT_GRANT_INTERVAL_MS = 60_000;

  /**
   * Who takes the money for packs and lead credits. Unset: nobody, and purchases answer 503
   * `payments_not_configured` (the platform still starts). Standalone with DEMO_SEED sets `manual`.
   */
  @IsOptional()
  @IsIn(PAYMENT_PROVIDERS)
  PAYMENTS_PROVIDER?: PaymentProviderName;

  /** `manual` credits without taking money: it runs only when this says so too (demos, tests). */
  @ToBoolean()
  @IsBoolean()
  PAYMENTS_ALLOW_MANUAL = false;

  /** Prices of the decision packs, `size:amount` in the currency's minor unit (halalas for SAR). */
  @IsString()
  @Matches(/^5:\d{1,9},20:\d{1,9},50:\d{1,9}$/, { message: 'must be 5:amount,20:amount,50:amount in minor units' })
  DECISION_PACK_PRICES = '5:4900,20:17900,50:39900';

  /** The price of one lead credit, in the currency's minor unit. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  LEAD_CREDIT_PRICE = 1500;

  /** ISO 4217 currency of every price. */
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as SAR or AED' })
  PAYMENTS_CURRENCY = 'SAR';

  /** Where the provider's hosted page sends the buyer back (`?purchase=<id>&result=success|cancel` added). */
  @IsUrl({ require_tld: false })
  PAYMENTS_RETURN_URL = 'http://localhost:3000/v1/workspace/purchases';

  /** Stripe's secret API key (`sk_…`), from a Secret; never logged. Needed with PAYMENTS_PROVIDER=stripe. */
  @IsOptional()
  @IsString()
  STRIPE_SECRET_KEY?: string;

  /** The signing secret of the Stripe webhook endpoint (`whsec_…`), from a Secret. */
  @IsOptional()
  @IsString()
  STRIPE_WEBHOOK_SECRET?: string;

  /** Stripe's API base URL: left unset in production; tests point it at their local Stripe. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  STRIPE_API_URL?: string;

  /** The seller on every invoice (the platform's operator), in English and Arabic. */
  @IsString()
  @Matches(/^.{1,120}$/u, { message: 'must be 1 to 120 characters' })
  SELLER_NAME = 'Property Decision Platform';

  @IsString()
  @Matches(/^.{1,80}$/u, { message: 'must be 1 to 80 characters' })
  SELLER_NAME_AR = 'منصة القرار العقاري';

  /** The seller's Saudi VAT number (15 digits, 3…3): the issuer of invoices to Saudi workspaces. */
  @IsString()
  @Matches(/^3\d{13}3$/, { message: 'must be a Saudi VAT number: 15 digits starting and ending with 3' })
  SELLER_VAT_NUMBER_SA = '300000000000003';

  /** The seller's UAE tax registration number (15 digits): the issuer of invoices to UAE workspaces. */
  @IsString()
  @Matches(/^\d{15}$/, { message: 'must be a UAE TRN: 15 digits' })
  SELLER_VAT_NUMBER_AE = '100000000000003';

  /** VAT in percent by the workspace's country (prices include it). */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(100)
  VAT_RATE_SA = 15;

  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(100)
  VAT_RATE_AE = 5;

  /** Longest wait for the provider's answer before a purchase answers 503 payment_unavailable. */
  @ToInteger()
  @IsInt()
  @Min(100)
  @Max(60_000)
  PAYMENTS_TIMEOUT_MS = 10_000;
}

export const billingConfig = defineAppConfig('billing', BillingEnv);
