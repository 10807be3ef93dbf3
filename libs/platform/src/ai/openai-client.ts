import OpenAI from 'openai';

/** An OpenAI-compatible chat-completions endpoint, as the AI_* variables configure it. */
export interface OpenAiEndpointOptions {
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

/**
 * The SDK client for an endpoint, the platform's one way to build it: the SDK's own OPENAI_*
 * environment variables cannot change what is sent, and its logging is off so the key never
 * reaches a log.
 */
export function openAiClient(options: OpenAiEndpointOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseURL,
    // The SDK insists on a key; without one the header is removed below.
    apiKey: options.apiKey ?? 'unused',
    defaultHeaders: options.apiKey === undefined ? { Authorization: null } : undefined,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    logLevel: 'off',
  });
}

/** `model at host`, for a log line that never carries the key. */
export function describeEndpoint(options: Pick<OpenAiEndpointOptions, 'model' | 'baseURL'>): string {
  return `${options.model} at ${new URL(options.baseURL).host}`;
}

/** A failure's text with the API key, wherever it appears, replaced. */
export function redactApiKey(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join('[redacted]') : text;
}
