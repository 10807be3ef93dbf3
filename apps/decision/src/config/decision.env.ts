import { IsBoolean, IsInt, Max, Min } from '@app/validation';
import { BaseEnv, ToBoolean, ToInteger, defineAppConfig } from '@app/config';

export class DecisionEnv extends BaseEnv {
  /**
   * Load the synthetic demo transactions (seeded, the same rows every run) at start when the
   * transactions table is empty, then compute benchmarks. Standalone defaults it to DEMO_SEED.
   */
  @ToBoolean()
  @IsBoolean()
  DEMO_TRANSACTIONS = false;

  /**
   * An Idempotency-Key claim still pending after this many seconds belongs to a request whose
   * process died (SIGKILL, OOM): it is abandoned and its debit, if any, refunded through the
   * outbox. Well above the longest decision (reasoning's 60 s deadline).
   */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(3600)
  DECISION_CLAIM_STALE_S = 120;
}

export const decisionConfig = defineAppConfig('decision', DecisionEnv);
