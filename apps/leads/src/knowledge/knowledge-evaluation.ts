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
  /** Each question asked of the entries written only in the other language (its `by_language` is the question's). */
  cross_language: KnowledgeFigures;
  /** The same runs at other thresholds, to show what the chosen one trades. */
  sweep: { threshold: number; recall_at_3: number; refused: number }[];
}

const SWEEP = [0.3, 0.4, 0.5, 0.6, 0.7];

type FixtureEntry = KnowledgeFixture['entries'][number];

/**
 * Indexes the fixture in new projects of `dataSource` (migrated leads schema), asks every
 * question, scores. Twice: the knowledge base as written (both languages), then across
 * languages, each question asked of a copy holding only the other language's half of every
 * entry (an English question of the Arabic texts, an Arabic one of the English texts).
 */
export async function runKnowledgeEvaluation(
  dataSource: DataSource,
  fixture: KnowledgeFixture,
): Promise<KnowledgeEvaluation> {
  const repository = new KnowledgeRepository(dataSource);
  const retriever = new KnowledgeRetriever(repository);
  const asked = async (
    project: IndexedProject,
    questions: { q: string; language: Language; expected?: string[] }[],
  ): Promise<QuestionOutcome[]> => {
    const outcomes: QuestionOutcome[] = [];
    for (const question of questions) {
      const hits = await retriever.retrieve(project.id, question.q, question.language, 3);
      const top = hits.map((hit) => ({ key: project.keyOf.get(hit.entry_id) ?? hit.entry_id, score: hit.score }));
      outcomes.push({ ...question, top });
    }
    return outcomes;
  };
  const both = await indexFixture(repository, fixture.entries, (entry) => entry);
  const inScope = await asked(both, fixture.questions);
  const outOfScope = await asked(both, fixture.out_of_scope);
  const only = {
    ar: await indexFixture(repository, fixture.entries, (entry) => ({
      title_ar: entry.title_ar,
      body_ar: entry.body_ar,
    })),
    en: await indexFixture(repository, fixture.entries, (entry) => ({
      title_en: entry.title_en,
      body_en: entry.body_en,
    })),
  };
  const other = (language: Language) => only[language === 'ar' ? 'en' : 'ar'];
  const crossed = async (questions: { q: string; language: Language; expected?: string[] }[]) =>
    (
      await Promise.all(
        (['en', 'ar'] as const).map((language) =>
          asked(
            other(language),
            questions.filter((question) => question.language === language),
          ),
        ),
      )
    ).flat();
  return {
    figures: scoreOutcomes(inScope, outOfScope, RELEVANCE_THRESHOLD),
    cross_language: scoreOutcomes(
      await crossed(fixture.questions),
      await crossed(fixture.out_of_scope),
      RELEVANCE_THRESHOLD,
    ),
    sweep: SWEEP.map((threshold) => {
      const { recall_at_3, refused } = scoreOutcomes(inScope, outOfScope, threshold);
      return { threshold, recall_at_3, refused };
    }),
  };
}

interface IndexedProject {
  id: string;
  /** Entry id → the fixture's key. */
  keyOf: Map<string, string>;
}

/** The entries (their fields as `written` keeps them) indexed in a new project with the service's own code. */
async function indexFixture(
  repository: KnowledgeRepository,
  entries: FixtureEntry[],
  written: (entry: FixtureEntry) => Partial<Pick<FixtureEntry, 'title_en' | 'body_en' | 'title_ar' | 'body_ar'>>,
): Promise<IndexedProject> {
  const project: IndexedProject = { id: randomUUID(), keyOf: new Map() };
  const workspaceId = randomUUID();
  for (const entry of entries) {
    const kept = written(entry);
    const fields = {
      title_en: kept.title_en ?? null,
      title_ar: kept.title_ar ?? null,
      body_en: kept.body_en ?? null,
      body_ar: kept.body_ar ?? null,
    };
    if (!fields.title_en && !fields.title_ar) continue;
    checkWritten(fields);
    const id = await repository.transaction(async (tx) => {
      const created = await repository.insert(tx, {
        workspace_id: workspaceId,
        project_id: project.id,
        kind: entry.kind,
        ...fields,
        file_name: null,
        media_type: null,
        size_bytes: null,
        created_by: null,
      });
      await repository.replacePassages(tx, created, project.id, writtenPassages(fields));
      return created;
    });
    project.keyOf.set(id, entry.key);
  }
  return project;
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
  const { figures, cross_language: crossed } = evaluation;
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  const headline = (label: string, of: KnowledgeFigures) => [
    `  ${label}recall@3   ${pct(of.recall_at_3)}  (en ${pct(of.by_language.en.recall_at_3)}, ar ${pct(of.by_language.ar.recall_at_3)})`,
    `  ${label}refused    ${pct(of.refused)}  (en ${pct(of.by_language.en.refused)}, ar ${pct(of.by_language.ar.refused)})`,
  ];
  const misses = (label: string, of: KnowledgeFigures) => [
    ...(of.missed.length ? [`  ${label}missed:`, ...of.missed.map((line) => `    ${line}`)] : []),
    ...(of.answered_out_of_scope.length
      ? [`  ${label}answered out of scope:`, ...of.answered_out_of_scope.map((line) => `    ${line}`)]
      : []),
  ];
  return [
    `Knowledge retrieval: ${figures.in_scope} in-scope questions, ${figures.out_of_scope} out of scope, threshold ${figures.threshold}`,
    ...headline('', figures),
    '  threshold  recall@3  refused',
    ...evaluation.sweep.map(
      (row) =>
        `  ${row.threshold.toFixed(2)}       ${pct(row.recall_at_3).padStart(7)}  ${pct(row.refused).padStart(7)}`,
    ),
    ...misses('', figures),
    'Across languages (each question asked of the entries written only in the other language):',
    ...headline('', crossed),
    ...misses('across: ', crossed),
  ].join('\n');
}
