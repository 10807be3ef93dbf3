import { Injectable } from '@nestjs/common';
import type { Language } from '@app/contracts';
import { isEmptyQuestion, questionTerms } from './knowledge-text';
import { KnowledgeRepository } from './knowledge.repository';
import type { PassageHit } from './knowledge.repository';

/**
 * A passage is relevant when it holds at least this share of the question's terms, each
 * weighted by its rarity in the project's knowledge base (idf). Chosen with
 * `npm run eval:knowledge` (docs/knowledge-base.md has the figures at each threshold).
 */
export const RELEVANCE_THRESHOLD = 0.5;

export interface ScoredPassage extends PassageHit {
  score: number;
  relevant: boolean;
}

/** The question's passages in its language, scored; `relevant` only those at or above the threshold. */
@Injectable()
export class KnowledgeRetriever {
  constructor(private readonly repository: KnowledgeRepository) {}

  async retrieve(projectId: string, question: string, language: Language, limit: number): Promise<ScoredPassage[]> {
    const terms = questionTerms(question, language);
    if (isEmptyQuestion(terms)) return [];
    const hits = await this.repository.search(projectId, terms, limit);
    return hits.map((hit) => {
      const score = Math.round(Number(hit.coverage ?? 0) * 1000) / 1000;
      return { ...hit, rank: Number(hit.rank), score, relevant: score >= RELEVANCE_THRESHOLD };
    });
  }
}
