import { Injectable } from '@nestjs/common';
import type { Language } from '@app/contracts';
import { crossLanguageTerms, topicWords } from './knowledge-crossing';
import { isEmptyQuestion, questionTerms } from './knowledge-text';
import type { SearchTerms } from './knowledge-text';
import { KnowledgeRepository } from './knowledge.repository';
import type { PassageHit } from './knowledge.repository';

/**
 * A passage is relevant when it holds at least this share of the question's terms, each
 * weighted by its rarity in the project's knowledge base (idf). Chosen with
 * `npm run eval:knowledge` (docs/knowledge-base.md has the figures at each threshold).
 */
export const RELEVANCE_THRESHOLD = 0.4;

/** Passages fetched beyond the limit, so that ties at the limit are decided by their titles. */
const TIE_ROOM = 10;

export interface ScoredPassage extends PassageHit {
  score: number;
  relevant: boolean;
}

/**
 * The question's passages in its language, scored; `relevant` only those at or above the
 * threshold. When none is relevant, the question translated through the property lexicon is
 * searched in the other language (knowledge-crossing.ts), so an entry written only in Arabic
 * answers an English question and the reverse; the passages of both searches come back, best
 * first, each with its language. The visitor's own language goes first: an entry written in it
 * needs neither a note nor a translation.
 */
@Injectable()
export class KnowledgeRetriever {
  constructor(private readonly repository: KnowledgeRepository) {}

  async retrieve(projectId: string, question: string, language: Language, limit: number): Promise<ScoredPassage[]> {
    const fetched = limit + TIE_ROOM;
    const own = await this.search(projectId, questionTerms(question, language), fetched);
    const crossed = own.some((hit) => hit.relevant) ? null : crossLanguageTerms(question, language);
    const other = crossed?.concepts.length ? await this.search(projectId, crossed.terms, fetched) : [];
    // Equal scores (one rare word in several passages) go to the passage whose title says it.
    const asked = topicWords(question);
    const titled = (hit: ScoredPassage) => [...topicWords(hit.title)].filter((word) => asked.has(word)).length;
    return [...own, ...other]
      .map((hit) => ({ hit, titled: titled(hit) }))
      .sort((a, b) => b.hit.score - a.hit.score || b.titled - a.titled || b.hit.rank - a.hit.rank)
      .slice(0, limit)
      .map(({ hit }) => hit);
  }

  private async search(projectId: string, terms: SearchTerms, limit: number): Promise<ScoredPassage[]> {
    if (isEmptyQuestion(terms)) return [];
    const hits = await this.repository.search(projectId, terms, limit);
    return hits.map((hit) => {
      const score = Math.round(Number(hit.coverage ?? 0) * 1000) / 1000;
      return { ...hit, rank: Number(hit.rank), score, relevant: score >= RELEVANCE_THRESHOLD };
    });
  }
}
