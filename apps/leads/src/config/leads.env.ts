import { IsIn, IsInt, IsOptional, IsString, IsUrl, Length, Max, Min, ValidateIf } from '@app/validation';
import { BaseEnv, ToInteger, defineAppConfig } from '@app/config';

/** The same provider names as the decision service's reasoning: one model configuration for the platform. */
export const KNOWLEDGE_AI_PROVIDERS = ['template', 'openai'] as const;
export type KnowledgeAiProvider = (typeof KNOWLEDGE_AI_PROVIDERS)[number];

/** `AI_PROVIDER` as set, else `openai` when an AI endpoint is configured, else `template` (offline answers). */
export function resolveKnowledgeAiProvider(env: Pick<LeadsEnv, 'AI_PROVIDER' | 'AI_BASE_URL'>): KnowledgeAiProvider {
  return env.AI_PROVIDER ?? (env.AI_BASE_URL === undefined ? 'template' : 'openai');
}

const usesOpenAi = (env: LeadsEnv): boolean => resolveKnowledgeAiProvider(env) === 'openai';

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

  /**
   * Who words the widget assistant's answers: `template` answers offline with the best
   * passages' own sentences; `openai` asks an OpenAI-compatible chat-completions endpoint,
   * grounded on the same passages. Unset: `openai` when AI_BASE_URL is set.
   */
  @IsOptional()
  @IsIn(KNOWLEDGE_AI_PROVIDERS)
  AI_PROVIDER?: KnowledgeAiProvider;

  /** The endpoint's base URL, up to the version, e.g. https://api.openai.com/v1. */
  @ValidateIf((env: LeadsEnv) => usesOpenAi(env) || env.AI_BASE_URL !== undefined)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'must be an http(s) URL, required when AI_PROVIDER is openai' },
  )
  AI_BASE_URL?: string;

  /** Sent as a Bearer token; unset for endpoints without authentication (a local model server). */
  @IsOptional()
  @IsString()
  AI_API_KEY?: string;

  @ValidateIf(usesOpenAi)
  @IsString({ message: 'must name the model, required when AI_PROVIDER is openai' })
  @Length(1, 200)
  AI_MODEL?: string;

  /** The whole budget of one answer, retries included; past it the offline answer is given. */
  @ToInteger()
  @IsInt()
  @Min(100)
  @Max(120_000)
  AI_TIMEOUT_MS = 15_000;

  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(5)
  AI_MAX_RETRIES = 1;
}

export const leadsConfig = defineAppConfig('leads', LeadsEnv);
