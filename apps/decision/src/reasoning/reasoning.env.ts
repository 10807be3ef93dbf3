import { defineAppConfig, withAiModelEnv } from '@app/config';

export { AI_PROVIDERS, resolveAiProvider } from '@app/config';
export type { AiProviderName } from '@app/config';

/**
 * Who writes decision reasoning: the platform's AI_* variables. With openai, AI_TIMEOUT_MS is
 * the budget of one explanation; past it the decision answers 503 ai_unavailable.
 */
export class ReasoningEnv extends withAiModelEnv(class {}) {}

export const reasoningConfig = defineAppConfig('reasoning', ReasoningEnv);
