import { Logger } from '@nestjs/common';
import type OpenAI from 'openai';
import { describeEndpoint, openAiClient, redactApiKey, type OpenAiEndpointOptions } from '@app/ai-client';
import type { Language } from '@app/contracts';
import type { KnowledgeQuestion } from './knowledge-answerer';
import type { AnswerPassage } from './knowledge-answer';

export type KnowledgeModelOptions = OpenAiEndpointOptions;

/** What the model answers when the passages do not hold the answer. */
export const MODEL_UNKNOWN = 'UNKNOWN';

const INSTRUCTIONS = (
  language: Language,
) => `You answer visitors' questions on the website of a real-estate project in Saudi Arabia or the UAE.
Answer only from the numbered passages of the project's knowledge base you are given: never invent facts, numbers,
dates, amenities or promises. If the passages do not answer the question, reply with exactly ${MODEL_UNKNOWN} and nothing else.
Never state prices, payment amounts per unit or which units are available: those come from the live unit list, not from you.
The passages may be written in English or Arabic: whatever their language, reply in
${language === 'ar' ? 'Modern Standard Arabic' : 'English'}, translating what you use, in at most three short sentences,
as plain text (no markdown, no passage numbers).`;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The chat messages: the rules, the passages, the last turns of the conversation, then the question. */
export function knowledgePrompt(question: KnowledgeQuestion, passages: AnswerPassage[]): ChatMessage[] {
  const numbered = passages.map((passage, i) => `[${i + 1}] ${passage.title}\n${passage.text}`).join('\n\n');
  const history: ChatMessage[] = (question.history ?? []).slice(-6).map((turn) => ({
    role: turn.role === 'visitor' ? 'user' : 'assistant',
    content: turn.text,
  }));
  return [
    { role: 'system', content: `${INSTRUCTIONS(question.language)}\n\nPassages:\n${numbered}` },
    ...history,
    { role: 'user', content: question.question },
  ];
}

/**
 * Words the answer through an OpenAI-compatible chat-completions endpoint, the decision
 * reasoning's client style: the SDK's own environment variables ignored, the key never logged.
 * Answers null when the model says the passages do not hold the answer; throws on any failure
 * (the answerer then gives the offline answer).
 */
export class KnowledgeModel {
  private readonly client: OpenAI;

  constructor(
    private readonly options: KnowledgeModelOptions,
    private readonly logger: Pick<Logger, 'warn'> = new Logger(KnowledgeModel.name),
  ) {
    this.client = openAiClient(options);
  }

  get description(): string {
    return describeEndpoint(this.options);
  }

  async answer(question: KnowledgeQuestion, passages: AnswerPassage[]): Promise<string | null> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const completion = await this.client.chat.completions
      .create(
        { model: this.options.model, messages: knowledgePrompt(question, passages), temperature: 0 },
        { signal: deadline },
      )
      .catch((error: unknown) => {
        throw this.failed(deadline.aborted ? `no answer within ${this.options.timeoutMs} ms` : String(error));
      });
    const content = completion.choices[0]?.message?.content?.trim();
    if (!content) throw this.failed('the answer has no content');
    return content.replace(/[.\s]+$/, '') === MODEL_UNKNOWN ? null : content;
  }

  private failed(reason: string): Error {
    const safe = redactApiKey(reason, this.options.apiKey);
    this.logger.warn(`Knowledge answer by the model failed (${this.description}): ${safe}; answering offline`);
    return new Error(safe);
  }
}
