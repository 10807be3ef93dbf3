import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Workspace webhooks and their deliveries (one per webhook and event; the id is the `webhook-id` header). */
export class Webhooks1764900000000 implements MigrationInterface {
  name = 'Webhooks1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The signing secret must be readable to sign with: it is kept encrypted (AES-256-GCM, WEBHOOK_SECRET_KEY).
    await queryRunner.query(`
      CREATE TABLE "notification"."webhooks" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "url" text NOT NULL,
        "events" text[] NOT NULL,
        "description" text,
        "secret_encrypted" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "webhooks_workspace_idx" ON "notification"."webhooks" ("workspace_id")`);
    await queryRunner.query(`
      CREATE TABLE "notification"."webhook_deliveries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "webhook_id" uuid NOT NULL REFERENCES "notification"."webhooks" ("id") ON DELETE CASCADE,
        "event_id" uuid NOT NULL,
        "event_type" text NOT NULL,
        "body" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "attempts" int NOT NULL DEFAULT 0,
        "last_status_code" int,
        "last_error" text,
        "next_attempt_at" timestamptz DEFAULT now(),
        "give_up_at" timestamptz NOT NULL,
        "delivered_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "webhook_deliveries_once_uq" UNIQUE ("webhook_id", "event_id"),
        CONSTRAINT "webhook_deliveries_status_ck" CHECK ("status" IN ('pending', 'delivered', 'failed'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_due_idx" ON "notification"."webhook_deliveries" ("next_attempt_at")
       WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_webhook_idx" ON "notification"."webhook_deliveries" ("webhook_id", "created_at" DESC, "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification"."webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "notification"."webhooks"`);
  }
}
