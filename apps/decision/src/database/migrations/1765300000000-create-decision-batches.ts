import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batch decisions as jobs, in PostgreSQL so any replica answers for them. A batch with an
 * Idempotency-Key is unique per workspace: a replay finds the first batch (charged once).
 * Each answered item is a row of its own, written as it is answered, kept as the exact JSON text.
 */
export class CreateDecisionBatches1765300000000 implements MigrationInterface {
  name = 'CreateDecisionBatches1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "decision"."decision_batches" (
        "id" uuid PRIMARY KEY,
        "workspace_id" uuid NOT NULL,
        "idempotency_key" text,
        "request_hash" text NOT NULL,
        "status" text NOT NULL,
        "item_count" integer NOT NULL,
        "succeeded_count" integer NOT NULL DEFAULT 0,
        "failed_count" integer NOT NULL DEFAULT 0,
        "credits_charged" integer NOT NULL DEFAULT 0,
        "credits_refunded" integer NOT NULL DEFAULT 0,
        "credits_remaining" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz,
        CONSTRAINT "decision_batches_status_ck" CHECK ("status" IN ('pending', 'running', 'done'))
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "decision_batches_idempotency_uq" ON "decision"."decision_batches" ("workspace_id", "idempotency_key")
      WHERE "idempotency_key" IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE "decision"."decision_batch_items" (
        "batch_id" uuid NOT NULL REFERENCES "decision"."decision_batches" ("id") ON DELETE CASCADE,
        "item_index" integer NOT NULL,
        "result" text NOT NULL,
        CONSTRAINT "decision_batch_items_pk" PRIMARY KEY ("batch_id", "item_index")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "decision"."decision_batch_items"`);
    await queryRunner.query(`DROP TABLE "decision"."decision_batches"`);
  }
}
