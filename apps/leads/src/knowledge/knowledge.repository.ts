import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { KnowledgeKind, Language } from '@app/contracts';
import { LEADS_DATABASE } from '../database/leads.database';
import type { SearchTerms } from './knowledge-text';

export interface KnowledgeEntryRow {
  id: string;
  workspace_id: string;
  project_id: string;
  kind: KnowledgeKind;
  title_en: string | null;
  title_ar: string | null;
  body_en: string | null;
  body_ar: string | null;
  file_name: string | null;
  media_type: string | null;
  size_bytes: number | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  passages_en: number;
  passages_ar: number;
}

export type NewKnowledgeEntry = Omit<
  KnowledgeEntryRow,
  'id' | 'created_at' | 'updated_at' | 'passages_en' | 'passages_ar'
>;

export interface NewPassage {
  language: Language;
  title: string;
  text: string;
}

export interface PassageHit {
  passage_id: string;
  entry_id: string;
  kind: KnowledgeKind;
  language: Language;
  title: string;
  text: string;
  /** Share of the question's idf-weighted terms the passage holds, 0..1. */
  coverage: number;
  /** ts_rank_cd of the passage against the question's terms (OR). */
  rank: number;
}

const COUNTS = `
  (SELECT count(*) FROM leads.knowledge_passages p WHERE p.entry_id = e.id AND p.language = 'en')::int AS passages_en,
  (SELECT count(*) FROM leads.knowledge_passages p WHERE p.entry_id = e.id AND p.language = 'ar')::int AS passages_ar`;

@Injectable()
export class KnowledgeRepository {
  constructor(@InjectDataSource(LEADS_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insert(tx: EntityManager, entry: NewKnowledgeEntry): Promise<string> {
    const rows = await tx.query<{ id: string }[]>(
      `INSERT INTO leads.knowledge_entries
         (workspace_id, project_id, kind, title_en, title_ar, body_en, body_ar, file_name, media_type, size_bytes, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        entry.workspace_id,
        entry.project_id,
        entry.kind,
        entry.title_en,
        entry.title_ar,
        entry.body_en,
        entry.body_ar,
        entry.file_name,
        entry.media_type,
        entry.size_bytes,
        entry.created_by,
      ],
    );
    return rows[0].id;
  }

  /** Replaces the entry's passages (positions 0, 1, 2… per language). */
  async replacePassages(tx: EntityManager, entryId: string, projectId: string, passages: NewPassage[]): Promise<void> {
    await tx.query(`DELETE FROM leads.knowledge_passages WHERE entry_id = $1`, [entryId]);
    if (passages.length === 0) return;
    const position = { en: 0, ar: 0 };
    const numbered = passages.map((passage) => ({ ...passage, position: position[passage.language]++ }));
    await tx.query(
      `INSERT INTO leads.knowledge_passages (entry_id, project_id, language, position, title, text)
       SELECT $1, $2, p.language, p.position, p.title, p.text
         FROM jsonb_to_recordset($3::jsonb) AS p(language text, position int, title text, text text)`,
      [entryId, projectId, JSON.stringify(numbered)],
    );
  }

  async find(projectId: string, id: string, tx?: EntityManager): Promise<KnowledgeEntryRow | null> {
    const rows = await (tx ?? this.dataSource).query<KnowledgeEntryRow[]>(
      `SELECT e.*, ${COUNTS} FROM leads.knowledge_entries e WHERE e.id = $1 AND e.project_id = $2
       ${tx ? 'FOR UPDATE OF e' : ''}`,
      [id, projectId],
    );
    return rows[0] ?? null;
  }

  page(
    projectId: string,
    kind: KnowledgeKind | undefined,
    limit: number,
    offset: number,
  ): Promise<KnowledgeEntryRow[]> {
    return this.dataSource.query<KnowledgeEntryRow[]>(
      `SELECT e.*, ${COUNTS} FROM leads.knowledge_entries e
        WHERE e.project_id = $1 AND ($2::text IS NULL OR e.kind = $2)
        ORDER BY e.created_at DESC, e.id LIMIT $3 OFFSET $4`,
      [projectId, kind ?? null, limit, offset],
    );
  }

  async update(
    tx: EntityManager,
    id: string,
    fields: Pick<KnowledgeEntryRow, 'title_en' | 'title_ar' | 'body_en' | 'body_ar'>,
  ): Promise<void> {
    await tx.query(
      `UPDATE leads.knowledge_entries SET title_en = $2, title_ar = $3, body_en = $4, body_ar = $5, updated_at = now()
        WHERE id = $1`,
      [id, fields.title_en, fields.title_ar, fields.body_en, fields.body_ar],
    );
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `WITH gone AS (DELETE FROM leads.knowledge_entries WHERE id = $1 AND project_id = $2 RETURNING id)
       SELECT id FROM gone`,
      [id, projectId],
    );
    return rows.length > 0;
  }

  /**
   * The project's passages in `question.language` holding any of its terms, best first. A
   * term is a group of alternatives (any of them matches; a phrase matches its words in order);
   * its weight is its BM25 idf within this knowledge base, so a word every passage has (the
   * project's name) counts little; `coverage` is the matched share of the total weight.
   */
  search(projectId: string, question: SearchTerms, limit: number): Promise<PassageHit[]> {
    return this.dataSource.query<PassageHit[]>(
      `WITH alternatives AS (
         -- Latin letters go to the english configuration, Arabic ones (folded already) to simple.
         SELECT g.n, a.alt,
                (CASE WHEN a.alt ~ '[A-Za-z]' THEN 'english' WHEN a.alt ~ '[^[:digit:][:space:]]' THEN 'simple'
                      WHEN $2 = 'ar' THEN 'simple' ELSE 'english' END)::regconfig AS cfg
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS g(alts, n)
           CROSS JOIN LATERAL jsonb_array_elements_text(g.alts) AS a(alt)),
       alternative_queries AS (
         SELECT n,
                -- One lexeme of four letters or more (three in Arabic) also matches as a prefix:
                -- handed ~ handover, دفع ~ دفعات. Several make a phrase: swimming pool, حمام سباحة.
                CASE WHEN cardinality(l.lexemes) = 1
                     THEN quote_literal(l.lexemes[1]) ||
                          CASE WHEN char_length(l.lexemes[1]) >= (CASE WHEN cfg = 'simple'::regconfig THEN 3 ELSE 4 END)
                               THEN ':*' ELSE '' END
                     ELSE phraseto_tsquery(cfg, alt)::text END AS q
           FROM alternatives
           CROSS JOIN LATERAL (SELECT tsvector_to_array(to_tsvector(cfg, alt)) AS lexemes) l
          WHERE cardinality(l.lexemes) > 1 OR (cardinality(l.lexemes) = 1 AND l.lexemes[1] ~ '^[[:alnum:]_]+$')),
       terms AS (
         SELECT DISTINCT string_agg('(' || q || ')', ' | ' ORDER BY q) AS lexeme FROM alternative_queries GROUP BY n),
       query AS (SELECT string_agg(lexeme, ' | ')::tsquery AS q FROM terms),
       total AS (
         SELECT count(*)::float8 AS n FROM leads.knowledge_passages WHERE project_id = $1 AND language = $2),
       weights AS (
         -- A word the knowledge base never uses weighs half: often a filler (closest, keep), and
         -- an out-of-scope question still has its own words (weather, golf) against it.
         SELECT t.lexeme::tsquery AS q,
                ln(1 + (total.n - df.n + 0.5) / (df.n + 0.5)) * CASE WHEN df.n = 0 THEN 0.5 ELSE 1 END AS idf
           FROM terms t CROSS JOIN total
           CROSS JOIN LATERAL (
             SELECT count(*)::float8 AS n FROM leads.knowledge_passages p
              WHERE p.project_id = $1 AND p.language = $2 AND p.search_vector @@ t.lexeme::tsquery) df)
       SELECT p.id AS passage_id, p.entry_id, e.kind, p.language, p.title, p.text,
              (SELECT coalesce(sum(w.idf), 0) FROM weights w WHERE p.search_vector @@ w.q)
                / nullif((SELECT sum(idf) FROM weights), 0) AS coverage,
              ts_rank_cd(p.search_vector, query.q) AS rank
         FROM leads.knowledge_passages p
         JOIN leads.knowledge_entries e ON e.id = p.entry_id
         CROSS JOIN query
        WHERE p.project_id = $1 AND p.language = $2 AND p.search_vector @@ query.q
        ORDER BY coverage DESC, rank DESC, p.id
        LIMIT $4`,
      [projectId, question.language, JSON.stringify(question.groups), limit],
    );
  }
}
