import { ForProject } from './request-mixins';

export const KNOWLEDGE_KINDS = ['article', 'faq', 'document'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];
/** What an author writes by hand; documents come from an upload. */
export const KNOWLEDGE_WRITTEN_KINDS = ['article', 'faq'] as const;
export type KnowledgeWrittenKind = (typeof KNOWLEDGE_WRITTEN_KINDS)[number];

export const KNOWLEDGE_TITLE_MAX = 300;
export const KNOWLEDGE_BODY_MAX = 20_000;
/** Extracted text of one document, in characters (a long brochure is a few tens of thousands). */
export const KNOWLEDGE_DOCUMENT_TEXT_MAX = 300_000;
export const KNOWLEDGE_QUERY_MAX = 500;
/** A visitor's message, as the widget takes it. */
export const KNOWLEDGE_QUESTION_MAX = 2000;
export const KNOWLEDGE_DOCUMENT_TYPES = ['text/plain', 'text/markdown', 'application/pdf'] as const;
export type KnowledgeDocumentType = (typeof KNOWLEDGE_DOCUMENT_TYPES)[number];

/** A member of the project's workspace. */
export class KnowledgeProjectRef extends ForProject(class {}) {}
