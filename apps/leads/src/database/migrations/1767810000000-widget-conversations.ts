import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The website chat widget: one widget per project, visitor sessions (the inbox's
 * conversations) and their messages, and the round-robin cursor per workspace. Projects live
 * in the catalogue: `project_id` is a copy, never a foreign key across schemas. A promoted
 * conversation's lead has the project as its listing and the session as its buyer.
 */
export class WidgetConversations1767810000000 implements MigrationInterface {
  name = 'WidgetConversations1767810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "leads"."widgets" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "project_id" uuid NOT NULL,
        "enabled" boolean NOT NULL DEFAULT false,
        "greeting_en" text NOT NULL DEFAULT 'Hello! Ask us anything about this project.',
        "greeting_ar" text NOT NULL DEFAULT 'مرحبًا! اسألنا أي شيء عن هذا المشروع.',
        "primary_color" text NOT NULL DEFAULT '#0f766e',
        "languages" text[] NOT NULL DEFAULT '{ar,en}',
        "default_language" text NOT NULL DEFAULT 'ar',
        "allowed_origins" text[] NOT NULL DEFAULT '{}',
        "working_hours" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "widgets_project_uq" UNIQUE ("project_id"),
        CONSTRAINT "widgets_default_language_ck" CHECK ("default_language" = ANY ("languages"))
      )`);
    await queryRunner.query(`
      CREATE TABLE "leads"."widget_sessions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "widget_id" uuid NOT NULL REFERENCES "leads"."widgets" ("id") ON DELETE CASCADE,
        "workspace_id" uuid NOT NULL,
        "project_id" uuid NOT NULL,
        "status" text NOT NULL DEFAULT 'open',
        "escalated" boolean NOT NULL DEFAULT false,
        "handled_by" text NOT NULL DEFAULT 'assistant',
        "assigned_to" uuid,
        "language" text NOT NULL,
        "visitor_language" text,
        "origin" text,
        "contact_name" text,
        "contact_phone" text,
        "contact_email" text,
        "lead_id" uuid REFERENCES "leads"."leads" ("id"),
        "team_read_at" timestamptz NOT NULL DEFAULT '-infinity',
        "last_message_at" timestamptz NOT NULL DEFAULT now(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "widget_sessions_status_ck" CHECK ("status" IN ('open', 'closed')),
        CONSTRAINT "widget_sessions_handled_by_ck" CHECK ("handled_by" IN ('assistant', 'human')),
        CONSTRAINT "widget_sessions_language_ck" CHECK ("language" IN ('ar', 'en'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "widget_sessions_inbox_idx" ON "leads"."widget_sessions" ("workspace_id", "last_message_at" DESC, "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "leads"."widget_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "session_id" uuid NOT NULL REFERENCES "leads"."widget_sessions" ("id") ON DELETE CASCADE,
        "author" text NOT NULL,
        "author_id" uuid,
        "text" text NOT NULL,
        "citations" jsonb NOT NULL DEFAULT '[]',
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT "widget_messages_author_ck" CHECK ("author" IN ('visitor', 'assistant', 'agent', 'system'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "widget_messages_session_idx" ON "leads"."widget_messages" ("session_id", "created_at", "id")`,
    );
    // Whose turn is next when a conversation is escalated: the member after the last one given one.
    await queryRunner.query(`
      CREATE TABLE "leads"."assignment_cursors" (
        "workspace_id" uuid PRIMARY KEY,
        "last_account_id" uuid NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // A widget visitor may leave only a phone; promoted chats are leads of source `widget`.
    await queryRunner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "buyer_email" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "leads"."leads" DROP CONSTRAINT "leads_source_ck"`);
    await queryRunner.query(
      `ALTER TABLE "leads"."leads" ADD CONSTRAINT "leads_source_ck"
         CHECK ("source" IN ('inquiry', 'booking', 'phone_reveal', 'widget'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "leads"."leads" WHERE "source" = 'widget'`);
    await queryRunner.query(`ALTER TABLE "leads"."leads" DROP CONSTRAINT "leads_source_ck"`);
    await queryRunner.query(
      `ALTER TABLE "leads"."leads" ADD CONSTRAINT "leads_source_ck" CHECK ("source" IN ('inquiry', 'booking', 'phone_reveal'))`,
    );
    await queryRunner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "buyer_email" SET NOT NULL`);
    for (const table of ['assignment_cursors', 'widget_messages', 'widget_sessions', 'widgets'])
      await queryRunner.query(`DROP TABLE "leads"."${table}"`);
  }
}
