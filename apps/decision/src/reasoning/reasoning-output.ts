import type { DecisionReasoning } from '@app/contracts';

/** Spec 2.2: each reasoning text is 2-3 sentences; at most 3 key factors. */
export const REASONING_SENTENCES = { min: 2, max: 3 } as const;
export const MAX_KEY_FACTORS = 3;

const SENTENCE_END = /(?<=[.!?؟])\s+/u;
const HAS_WORD = /[\p{L}\p{N}]/u;
const ARABIC_LETTER = /[\u0621-\u064A]/u;

/**
 * Sentences in a text: pieces ending in . ! ? or the Arabic ؟ followed by a space or the
 * end. A decimal point (4.5) or a terminator inside a word does not split.
 */
export function countSentences(text: string): number {
  return text
    .trim()
    .split(SENTENCE_END)
    .filter((piece) => HAS_WORD.test(piece)).length;
}

export type ReasoningText = Omit<DecisionReasoning, 'model'>;

/**
 * Checks a model's JSON answer against spec 2.2. Returns the reasoning, trimmed, or the
 * list of what is wrong (for the log; the caller answers ai_unavailable).
 */
export function checkReasoningOutput(content: string): { reasoning: ReasoningText } | { problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripCodeFence(content));
  } catch {
    return { problems: ['the answer is not JSON'] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { problems: ['the answer is not a JSON object'] };
  }
  const answer = parsed as Record<string, unknown>;
  const problems: string[] = [];

  const text = (field: 'reasoning_en' | 'reasoning_ar'): string => {
    const value = answer[field];
    if (typeof value !== 'string' || !HAS_WORD.test(value)) {
      problems.push(`${field} must be a non-empty string`);
      return '';
    }
    const sentences = countSentences(value);
    if (sentences < REASONING_SENTENCES.min || sentences > REASONING_SENTENCES.max) {
      problems.push(`${field} must be 2-3 sentences (got ${sentences})`);
    }
    return value.trim();
  };
  const strings = (field: 'key_factors' | 'risk_flags'): string[] => {
    const value = answer[field];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && HAS_WORD.test(item))) {
      problems.push(`${field} must be an array of non-empty strings`);
      return [];
    }
    return (value as string[]).map((item) => item.trim());
  };

  const reasoning = {
    reasoning_en: text('reasoning_en'),
    reasoning_ar: text('reasoning_ar'),
    key_factors: strings('key_factors'),
    risk_flags: strings('risk_flags'),
  };
  if (reasoning.reasoning_ar && !ARABIC_LETTER.test(reasoning.reasoning_ar)) {
    problems.push('reasoning_ar must be written in Arabic');
  }
  if (reasoning.key_factors.length > MAX_KEY_FACTORS) {
    problems.push(`key_factors must hold at most ${MAX_KEY_FACTORS} items (got ${reasoning.key_factors.length})`);
  }
  return problems.length > 0 ? { problems } : { reasoning };
}

/** Some OpenAI-compatible servers wrap JSON mode answers in a Markdown fence anyway. */
function stripCodeFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced ? fenced[1] : content;
}
