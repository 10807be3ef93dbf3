import { IsIn, IsInt, IsOptional, IsString, IsUrl, Length, Max, Min, ValidateIf } from '@app/validation';
import { ToInteger } from './base-env';

/** Who words AI text: `template` offline, `openai` any OpenAI-compatible chat-completions endpoint. */
export const AI_PROVIDERS = ['template', 'openai'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

export interface AiProviderChoice {
  AI_PROVIDER?: AiProviderName;
  AI_BASE_URL?: string;
}

/** An OpenAI-compatible chat-completions endpoint, as the AI_* variables configure it. */
export interface AiEndpointOptions {
  /** Any OpenAI-compatible endpoint, up to the version: `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  baseURL: string;
  /** Unset: no Authorization header (a local model server). */
  apiKey?: string;
  model: string;
  /** The whole budget of one call, retries included. */
  timeoutMs: number;
  /** Retries of a connection error, timeout, 429 or 5xx, within timeoutMs. */
  maxRetries: number;
}

/** `AI_PROVIDER` as set, else `openai` when an AI endpoint is configured, else `template`. */
export function resolveAiProvider(env: AiProviderChoice): AiProviderName {
  return env.AI_PROVIDER ?? (env.AI_BASE_URL === undefined ? 'template' : 'openai');
}

const usesOpenAi = (env: AiProviderChoice): boolean => resolveAiProvider(env) === 'openai';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule: a constructor of any[]
type EnvClass = new (...args: any[]) => object;

/**
 * The AI_* variables, one model configuration for the platform (the decision service's
 * reasoning, the leads service's knowledge answers), added to an app's env class. Start-up
 * fails when openai is chosen without an endpoint or a model.
 */
export function withAiModelEnv<T extends EnvClass>(Base: T) {
  class AiModelEnv extends Base {
    /** Unset: `openai` when AI_BASE_URL is set, else `template`. */
    @IsOptional()
    @IsIn(AI_PROVIDERS)
    AI_PROVIDER?: AiProviderName;

    /** The endpoint's base URL, up to the version, e.g. https://api.openai.com/v1. */
    @ValidateIf((env: AiModelEnv) => usesOpenAi(env) || env.AI_BASE_URL !== undefined)
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

    /** The whole budget of one call, retries included; past it the caller's fallback applies. */
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
  return AiModelEnv;
}

/** The endpoint of a validated env that chose openai (so it has its URL and model). */
export function aiEndpointOptions(
  env: Pick<AiModelEnvValues, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI_MAX_RETRIES'>,
): AiEndpointOptions {
  return {
    baseURL: env.AI_BASE_URL!,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL!,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxRetries: env.AI_MAX_RETRIES,
  };
}

/** The values withAiModelEnv adds. */
export type AiModelEnvValues = InstanceType<ReturnType<typeof withAiModelEnv>>;
