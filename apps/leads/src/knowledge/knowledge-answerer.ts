import type { Language } from '@app/contracts';

/**
 * The seam between the widget's conversations and the knowledge base: a visitor's question
 * in, a grounded answer with its citations out, or `unknown` when retrieval finds nothing
 * relevant (then the conversation offers a human; the model is never called).
 */
export interface KnowledgeQuestion {
  workspaceId: string;
  projectId: string;
  question: string;
  language: Language;
  /** The last turns of the conversation, oldest first, for follow-up questions. */
  history?: { role: 'visitor' | 'assistant' | 'agent'; text: string }[];
}

export interface KnowledgeCitation {
  /** `article:<id>` or `units` (the live unit list read from the catalogue). */
  source_id: string;
  title: string;
  excerpt: string;
}

export type KnowledgeAnswer = { kind: 'answer'; text: string; citations: KnowledgeCitation[] } | { kind: 'unknown' };

export interface KnowledgeAnswerer {
  answer(question: KnowledgeQuestion): Promise<KnowledgeAnswer>;
}

/** Nest injection token the knowledge module binds and the conversations module injects. */
export const KNOWLEDGE_ANSWERER = Symbol('KNOWLEDGE_ANSWERER');
