import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Digest windows: events counted per workspace until the window is due, then one summary.
 * At most one open window per workspace and kind (the partial unique index), so replicas
 * counting concurrently add to the same row.
 */
export class Digests1765100000000 implements MigrationInterface {
  name = 'Digests1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notification"."digests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "count" int NOT NULL,
        "opened_at" timestamptz NOT NULL,
        "last_at" timestamptz NOT NULL,
        "due_at" timestamptz NOT NULL,
        "sent_at" timestamptz,
        CONSTRAINT "digests_count_ck" CHECK ("count" > 0)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "digests_open_uq" ON "notification"."digests" ("workspace_id", "kind") WHERE "sent_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "digests_due_idx" ON "notification"."digests" ("due_at") WHERE "sent_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification"."digests"`);
  }
}
