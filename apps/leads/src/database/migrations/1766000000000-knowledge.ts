import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Arabic folds and digits of knowledge-text.ts, in SQL (immutable, so a generated column may use it). */
const FOLDED = (column: string) =>
  `regexp_replace(regexp_replace(translate(lower(${column}), 'أإآٱةىؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'ااااهيوي01234567890123456789'),
     '[\\u064B-\\u065F\\u0670\\u0640]', '', 'g'),
     '(^|[^[:alnum:]])(وال|بال|كال|فال|لل|ال)([[:alnum:]]{2,})', '\\1\\3', 'g')`;

/**
 * A knowledge base per developer project: entries (articles, FAQ, uploaded documents) and the
 * passages retrieval ranks. Projects live in the catalogue: `project_id` and `workspace_id` are
 * copies, never foreign keys across schemas. Arabic passages are indexed with the `simple`
 * configuration over folded text (no Arabic stemmer ships with PostgreSQL), English ones with
 * `english` (stemming, stop words).
 */
export class Knowledge1766000000000 implements MigrationInterface {
  name = 'Knowledge1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "leads"."knowledge_entries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "project_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "title_en" text,
        "title_ar" text,
        "body_en" text,
        "body_ar" text,
        "file_name" text,
        "media_type" text,
        "size_bytes" integer,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "knowledge_entries_kind_ck" CHECK ("kind" IN ('article', 'faq', 'document'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "knowledge_entries_project_idx" ON "leads"."knowledge_entries" ("project_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "leads"."knowledge_passages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "entry_id" uuid NOT NULL REFERENCES "leads"."knowledge_entries" ("id") ON DELETE CASCADE,
        "project_id" uuid NOT NULL,
        "language" text NOT NULL,
        "position" integer NOT NULL,
        "title" text NOT NULL,
        "text" text NOT NULL,
        "search_vector" tsvector GENERATED ALWAYS AS (
          CASE WHEN "language" = 'ar'
            THEN to_tsvector('simple'::regconfig, ${FOLDED(`"title" || ' ' || "text"`)})
            ELSE setweight(to_tsvector('english'::regconfig, "title"), 'A') || to_tsvector('english'::regconfig, "text")
          END
        ) STORED,
        CONSTRAINT "knowledge_passages_language_ck" CHECK ("language" IN ('en', 'ar')),
        CONSTRAINT "knowledge_passages_entry_position_uq" UNIQUE ("entry_id", "language", "position")
      )`);
    await queryRunner.query(
      `CREATE INDEX "knowledge_passages_project_idx" ON "leads"."knowledge_passages" ("project_id", "language")`,
    );
    await queryRunner.query(
      `CREATE INDEX "knowledge_passages_search_idx" ON "leads"."knowledge_passages" USING gin ("search_vector")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "leads"."knowledge_passages"`);
    await queryRunner.query(`DROP TABLE "leads"."knowledge_entries"`);
  }
}
