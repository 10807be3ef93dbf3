import { IsInt, Max, Min } from '@app/validation';
import { BaseEnv, ToInteger, defineAppConfig } from '@app/config';

export class LeadsEnv extends BaseEnv {
  /** An inquiry thread with no message for this many days closes (`closed_reason: expired`). */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(3650)
  INQUIRY_EXPIRY_DAYS = 30;

  /** How often the sweeps run: expired threads, and locked leads retried against billing. */
  @ToInteger()
  @IsInt()
  @Min(100)
  @Max(86_400_000)
  LEADS_SWEEP_INTERVAL_MS = 60_000;
}

export const leadsConfig = defineAppConfig('leads', LeadsEnv);
