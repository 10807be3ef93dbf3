import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One verification record per workspace: its latest submission and review. */
export class Verifications1765100000000 implements MigrationInterface {
  name = 'Verifications1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue"."verifications" (
        "workspace_id" uuid PRIMARY KEY,
        "status" text NOT NULL DEFAULT 'unverified',
        "kind" text,
        "number" text,
        "document_key" text,
        "reason" text,
        "submitted_at" timestamptz,
        "reviewed_at" timestamptz,
        "reviewer_id" uuid,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "verifications_status_ck" CHECK ("status" IN ('unverified', 'pending', 'approved', 'rejected')),
        CONSTRAINT "verifications_kind_ck" CHECK ("kind" IN ('fal_licence', 'commercial_register', 'rera_orn'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "verifications_pending_idx" ON "catalogue"."verifications" ("submitted_at") WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue"."verifications"`);
  }
}
