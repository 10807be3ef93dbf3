import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decisions made, with their answer. A row with an Idempotency-Key is claimed (`pending`)
 * before the debit, so one key is charged once however many requests race on it.
 */
export class CreateDecisions1764200000000 implements MigrationInterface {
  name = 'CreateDecisions1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "decision"."decisions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "idempotency_key" text,
        "request_hash" text NOT NULL,
        "status" text NOT NULL,
        "response" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "decisions_status_ck" CHECK ("status" IN ('pending', 'done')),
        CONSTRAINT "decisions_done_ck" CHECK ("status" = 'pending' OR "response" IS NOT NULL)
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "decisions_idempotency_uq" ON "decision"."decisions" ("workspace_id", "idempotency_key")
      WHERE "idempotency_key" IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "decisions_workspace_created_ix" ON "decision"."decisions" ("workspace_id", "created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "decision"."decisions"`);
  }
}
