import { IsInt, Max, Min } from '@app/validation';
import { BaseEnv, ToInteger, defineAppConfig, withAiModelEnv } from '@app/config';

/** The knowledge answers' model: the platform's one AI configuration (AI_*), shared with decision reasoning. */
export { resolveAiProvider as resolveKnowledgeAiProvider } from '@app/config';

/**
 * With AI_PROVIDER `template` the widget assistant answers offline with the best passages' own
 * sentences; with `openai` the endpoint words it, grounded on the same passages, and past
 * AI_TIMEOUT_MS the offline answer is given.
 */
export class LeadsEnv extends withAiModelEnv(BaseEnv) {
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
