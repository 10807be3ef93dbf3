import type OpenAI from 'openai';
import type { AiEndpointOptions } from '@app/config';

export type { AiEndpointOptions as OpenAiEndpointOptions } from '@app/config';

/**
 * The SDK client for an endpoint, the platform's one way to build it (a lib of its own, so only
 * the services that talk to a model load the SDK): the SDK's own OPENAI_*
 * environment variables cannot change what is sent, and its logging is off so the key never
 * reaches a log.
 */
export function openAiClient(options: AiEndpointOptions): OpenAI {
  // Required here, not at the top: a service that imports this lib for a model it may never be
  // configured with (leads' knowledge answers) would otherwise hold the SDK, some 150 modules,
  // in every idle process.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { OpenAI: Sdk } = require('openai') as { OpenAI: typeof OpenAI };
  return new Sdk({
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
export function describeEndpoint(options: Pick<AiEndpointOptions, 'model' | 'baseURL'>): string {
  return `${options.model} at ${new URL(options.baseURL).host}`;
}

/** A failure's text with the API key, wherever it appears, replaced. */
export function redactApiKey(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join('[redacted]') : text;
}
