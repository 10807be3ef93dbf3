import { IsBoolean } from '@app/validation';
import { BaseEnv, ToBoolean, defineAppConfig } from '@app/config';

export class DecisionEnv extends BaseEnv {
  /**
   * Load the synthetic demo transactions (seeded, the same rows every run) at start when the
   * transactions table is empty, then compute benchmarks. Standalone defaults it to DEMO_SEED.
   */
  @ToBoolean()
  @IsBoolean()
  DEMO_TRANSACTIONS = false;
}

export const decisionConfig = defineAppConfig('decision', DecisionEnv);
