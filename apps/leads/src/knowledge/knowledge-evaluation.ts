import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { KnowledgeWrittenKind, Language } from '@app/contracts';
import { checkWritten, writtenPassages } from './knowledge-passages';
import { KnowledgeRetriever, RELEVANCE_THRESHOLD } from './knowledge-retriever';
import { KnowledgeRepository } from './knowledge.repository';

/**
 * The retrieval evaluation (`npm run eval:knowledge`): a written knowledge base, questions
 * with the entries that answer them, and questions it cannot answer. The service's own
 * code indexes and retrieves; the figures are recall@3 (an expected entry among the three
 * best passages at or above the threshold) and the share of out-of-scope questions refused
 * (no passage reaches the threshold).
 */
export interface KnowledgeFixture {
  entries: {
    key: string;
    kind: KnowledgeWrittenKind;
    title_en?: string;
    body_en?: string;
    title_ar?: string;
    body_ar?: string;
  }[];
  questions: { q: string; language: Language; expected: string[] }[];
  out_of_scope: { q: string; language: Language }[];
}

export interface QuestionOutcome {
  q: string;
  language: Language;
  /** The best passages' entries and scores, best first (up to 3). */
  top: { key: string; score: number }[];
  expected?: string[];
}

export interface KnowledgeFigures {
  threshold: number;
  in_scope: number;
  out_of_scope: number;
  /** Share of in-scope questions with an expected entry in the top 3 at or above the threshold. */
  recall_at_3: number;
  /** Share of out-of-scope questions with no passage at or above the threshold. */
  refused: number;
  by_language: Record<Language, { recall_at_3: number; refused: number }>;
  missed: string[];
  answered_out_of_scope: string[];
}

export interface KnowledgeEvaluation {
  figures: KnowledgeFigures;
  /** The same runs at other thresholds, to show what the chosen one trades. */
  sweep: { threshold: number; recall_at_3: number; refused: number }[];
}

const SWEEP = [0.3, 0.4, 0.5, 0.6, 0.7];

/** Indexes the fixture in a new project of `dataSource` (migrated leads schema), asks every question, scores. */
export async function runKnowledgeEvaluation(
  dataSource: DataSource,
  fixture: KnowledgeFixture,
): Promise<KnowledgeEvaluation> {
  const repository = new KnowledgeRepository(dataSource);
  const retriever = new KnowledgeRetriever(repository);
  const projectId = randomUUID();
  const workspaceId = randomUUID();
  const keyOf = new Map<string, string>();
  for (const entry of fixture.entries) {
    const fields = {
      title_en: entry.title_en ?? null,
      title_ar: entry.title_ar ?? null,
      body_en: entry.body_en ?? null,
      body_ar: entry.body_ar ?? null,
    };
    checkWritten(fields);
    const id = await repository.transaction(async (tx) => {
      const created = await repository.insert(tx, {
        workspace_id: workspaceId,
        project_id: projectId,
        kind: entry.kind,
        ...fields,
        file_name: null,
        media_type: null,
        size_bytes: null,
        created_by: null,
      });
      await repository.replacePassages(tx, created, projectId, writtenPassages(fields));
      return created;
    });
    keyOf.set(id, entry.key);
  }
  const ask = async (q: string, language: Language): Promise<QuestionOutcome['top']> => {
    const hits = await retriever.retrieve(projectId, q, language, 3);
    return hits.map((hit) => ({ key: keyOf.get(hit.entry_id) ?? hit.entry_id, score: hit.score }));
  };
  const inScope: QuestionOutcome[] = [];
  for (const question of fixture.questions) {
    inScope.push({ ...question, top: await ask(question.q, question.language) });
  }
  const outOfScope: QuestionOutcome[] = [];
  for (const question of fixture.out_of_scope) {
    outOfScope.push({ ...question, top: await ask(question.q, question.language) });
  }
  return {
    figures: scoreOutcomes(inScope, outOfScope, RELEVANCE_THRESHOLD),
    sweep: SWEEP.map((threshold) => {
      const { recall_at_3, refused } = scoreOutcomes(inScope, outOfScope, threshold);
      return { threshold, recall_at_3, refused };
    }),
  };
}

/** The figures of one threshold over the questions' outcomes (pure). */
export function scoreOutcomes(
  inScope: QuestionOutcome[],
  outOfScope: QuestionOutcome[],
  threshold: number,
): KnowledgeFigures {
  const found = (outcome: QuestionOutcome) =>
    outcome.top.some((hit) => hit.score >= threshold && (outcome.expected ?? []).includes(hit.key));
  const refused = (outcome: QuestionOutcome) => !outcome.top.some((hit) => hit.score >= threshold);
  const share = (items: QuestionOutcome[], test: (o: QuestionOutcome) => boolean) =>
    items.length === 0 ? 1 : round(items.filter(test).length / items.length);
  const of = (items: QuestionOutcome[], language: Language) => items.filter((item) => item.language === language);
  return {
    threshold,
    in_scope: inScope.length,
    out_of_scope: outOfScope.length,
    recall_at_3: share(inScope, found),
    refused: share(outOfScope, refused),
    by_language: {
      en: { recall_at_3: share(of(inScope, 'en'), found), refused: share(of(outOfScope, 'en'), refused) },
      ar: { recall_at_3: share(of(inScope, 'ar'), found), refused: share(of(outOfScope, 'ar'), refused) },
    },
    missed: inScope.filter((o) => !found(o)).map((o) => `${o.q} → ${describeTop(o)}`),
    answered_out_of_scope: outOfScope.filter((o) => !refused(o)).map((o) => `${o.q} → ${describeTop(o)}`),
  };
}

function describeTop(outcome: QuestionOutcome): string {
  return outcome.top.map((hit) => `${hit.key} ${hit.score}`).join(', ') || 'nothing';
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The figures as the command prints them. */
export function describeKnowledgeEvaluation(evaluation: KnowledgeEvaluation): string {
  const { figures } = evaluation;
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    `Knowledge retrieval: ${figures.in_scope} in-scope questions, ${figures.out_of_scope} out of scope, threshold ${figures.threshold}`,
    `  recall@3   ${pct(figures.recall_at_3)}  (en ${pct(figures.by_language.en.recall_at_3)}, ar ${pct(figures.by_language.ar.recall_at_3)})`,
    `  refused    ${pct(figures.refused)}  (en ${pct(figures.by_language.en.refused)}, ar ${pct(figures.by_language.ar.refused)})`,
    '  threshold  recall@3  refused',
    ...evaluation.sweep.map(
      (row) =>
        `  ${row.threshold.toFixed(2)}       ${pct(row.recall_at_3).padStart(7)}  ${pct(row.refused).padStart(7)}`,
    ),
    ...(figures.missed.length ? ['  missed:', ...figures.missed.map((line) => `    ${line}`)] : []),
    ...(figures.answered_out_of_scope.length
      ? ['  answered out of scope:', ...figures.answered_out_of_scope.map((line) => `    ${line}`)]
      : []),
  ].join('\n');
}
