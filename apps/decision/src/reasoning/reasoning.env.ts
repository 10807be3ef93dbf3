import { IsIn, IsInt, IsOptional, IsString, IsUrl, Length, Max, Min, ValidateIf } from '@app/validation';
import { ToInteger, defineAppConfig } from '@app/config';

export const AI_PROVIDERS = ['template', 'openai'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/** `AI_PROVIDER` as set, else `openai` when an AI endpoint is configured, else `template`. */
export function resolveAiProvider(env: Pick<ReasoningEnv, 'AI_PROVIDER' | 'AI_BASE_URL'>): AiProviderName {
  return env.AI_PROVIDER ?? (env.AI_BASE_URL === undefined ? 'template' : 'openai');
}

const usesOpenAi = (env: ReasoningEnv): boolean => resolveAiProvider(env) === 'openai';

/**
 * Who writes decision reasoning. The openai provider talks to any OpenAI-compatible
 * chat-completions endpoint (OpenAI, Azure, vLLM, Ollama, LiteLLM…); start-up fails when
 * it is chosen without an endpoint or a model.
 */
export class ReasoningEnv {
  /** Unset: `openai` when AI_BASE_URL is set, else `template`. */
  @IsOptional()
  @IsIn(AI_PROVIDERS)
  AI_PROVIDER?: AiProviderName;

  /** The endpoint's base URL, up to the version, e.g. https://api.openai.com/v1. */
  @ValidateIf((env: ReasoningEnv) => usesOpenAi(env) || env.AI_BASE_URL !== undefined)
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

  /** The whole budget of one explanation, retries included; past it the decision answers 503 ai_unavailable. */
  @ToInteger()
  @IsInt()
  @Min(100)
  @Max(120_000)
  AI_TIMEOUT_MS = 15_000;

  /** Retries of a connection error, timeout, 429 or 5xx within AI_TIMEOUT_MS. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(5)
  AI_MAX_RETRIES = 1;
}

export const reasoningConfig = defineAppConfig('reasoning', ReasoningEnv);
