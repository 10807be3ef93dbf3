import { Logger } from '@nestjs/common';
import OpenAI from 'openai';
import type { DecisionReasoning } from '@app/contracts';
import { AppError } from '@app/errors';
import { describeEndpoint, openAiClient, redactApiKey, type OpenAiEndpointOptions } from '@app/ai-client';
import { reasoningFacts } from './reasoning-facts';
import { checkReasoningOutput } from './reasoning-output';
import { reasoningPrompt } from './reasoning-prompt';
import type { ReasoningInput, ReasoningProvider } from './reasoning.provider';

export type OpenAiReasoningOptions = OpenAiEndpointOptions;

export const AI_UNAVAILABLE_MESSAGE = 'The AI reasoning service is unavailable; you were not charged.';

/**
 * Asks an OpenAI-compatible chat-completions endpoint for the reasoning as a JSON object and
 * checks it against spec 2.2. Every failure (HTTP error, no connection, timeout, unusable
 * answer) is ai_unavailable, logged as a warning that never carries the API key.
 */
export class OpenAiReasoningProvider implements ReasoningProvider {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(
    private readonly options: OpenAiReasoningOptions,
    private readonly logger: Pick<Logger, 'warn'> = new Logger(OpenAiReasoningProvider.name),
  ) {
    this.client = openAiClient(options);
  }

  async explain(input: ReasoningInput): Promise<DecisionReasoning> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: reasoningPrompt(reasoningFacts(input)),
          response_format: { type: 'json_object' },
        },
        { signal: deadline },
      );
    } catch (error) {
      throw this.unavailable(deadline.aborted ? `no answer within ${this.options.timeoutMs} ms` : describe(error));
    }
    const content = completion.choices[0]?.message?.content;
    if (!content) throw this.unavailable('the answer has no content');
    const checked = checkReasoningOutput(content);
    if ('problems' in checked) throw this.unavailable(`unusable answer: ${checked.problems.join('; ')}`);
    return { ...checked.reasoning, model: completion.model || this.options.model };
  }

  private unavailable(reason: string): AppError {
    const safe = redactApiKey(reason, this.options.apiKey);
    this.logger.warn(`AI reasoning failed (model ${describeEndpoint(this.options)}): ${safe}`);
    return new AppError('ai_unavailable', AI_UNAVAILABLE_MESSAGE);
  }
}

/** The error and its causes, so "Connection error" says which one (ECONNREFUSED, ENOTFOUND…). */
function describe(error: unknown): string {
  if (error instanceof OpenAI.APIError && error.status !== undefined) return `HTTP ${error.status}: ${error.message}`;
  const parts: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 4; depth++) {
    if (!(current instanceof Error)) {
      parts.push(typeof current === 'string' ? current : JSON.stringify(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} [${code}]` : current.message);
    current = current.cause;
  }
  return parts.join(' <- ');
}
