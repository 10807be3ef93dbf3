import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '@app/errors';
import { citationOf, extractiveAnswer, isPriceQuestion, unitsAnswer } from './knowledge-answer';
import type { AnswerPassage } from './knowledge-answer';
import type { KnowledgeAnswer, KnowledgeAnswerer, KnowledgeQuestion } from './knowledge-answerer';
import { KnowledgeModel } from './knowledge-model';
import { KnowledgeRetriever } from './knowledge-retriever';
import { knowledgeSourceId } from './knowledge.dto';
import { ProjectFactsClient } from './project-facts.client';

/** The model when AI_PROVIDER is openai, else null (offline answers). */
export const KNOWLEDGE_MODEL = Symbol('KNOWLEDGE_MODEL');

/** Passages retrieved per question; those at or above the relevance threshold are used, at most 3. */
const RETRIEVED = 5;
const USED = 3;

/**
 * The widget assistant's answers. Prices and availability: the live units. Otherwise the
 * relevant passages, in the question's language first, else in the other one (the retriever
 * crosses languages), worded by the model in the visitor's language when one is configured
 * (citations: the passages it was given) or extracted from them offline; none relevant is
 * `unknown`, and the model is not called.
 */
@Injectable()
export class KnowledgeAnswererService implements KnowledgeAnswerer {
  private readonly logger = new Logger(KnowledgeAnswererService.name);

  constructor(
    private readonly retriever: KnowledgeRetriever,
    private readonly projects: ProjectFactsClient,
    @Inject(KNOWLEDGE_MODEL) private readonly model: KnowledgeModel | null,
  ) {}

  async answer(question: KnowledgeQuestion): Promise<KnowledgeAnswer> {
    if (isPriceQuestion(question.question, question.language)) {
      const facts = await this.projects.ofWorkspace(question.projectId, question.workspaceId).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      });
      return facts ? { kind: 'answer', ...unitsAnswer(facts, question.language) } : { kind: 'unknown' };
    }
    const passages = await this.relevantPassages(question);
    if (passages.length === 0) return { kind: 'unknown' };
    if (this.model) {
      try {
        const text = await this.model.answer(question, passages);
        if (text === null) return { kind: 'unknown' };
        // The model saw these passages and nothing else: they are what it answered from.
        const cited = [...new Map(passages.map((passage) => [passage.source_id, passage])).values()];
        return { kind: 'answer', text, citations: cited.map(citationOf) };
      } catch {
        this.logger.warn('Falling back to the offline answer');
      }
    }
    return { kind: 'answer', ...extractiveAnswer(question.question, passages, question.language) };
  }

  /** The question's relevant passages; a follow-up ("and the second one?") is retried with the visitor's last turn. */
  private async relevantPassages(question: KnowledgeQuestion): Promise<AnswerPassage[]> {
    let hits = await this.retriever.retrieve(question.projectId, question.question, question.language, RETRIEVED);
    const previous = [...(question.history ?? [])].reverse().find((turn) => turn.role === 'visitor');
    if (!hits.some((hit) => hit.relevant) && previous) {
      const joined = `${previous.text} ${question.question}`;
      hits = await this.retriever.retrieve(question.projectId, joined, question.language, RETRIEVED);
    }
    return hits
      .filter((hit) => hit.relevant)
      .slice(0, USED)
      .map((hit) => ({
        source_id: knowledgeSourceId(hit.entry_id),
        language: hit.language,
        title: hit.title,
        text: hit.text,
        score: hit.score,
      }));
  }
}
