import type { MigrationInterface, QueryRunner } from 'typeorm';

/** In-app notifications, channel preferences, and a record of every delivery attempt. */
export class Notifications1764800000000 implements MigrationInterface {
  name = 'Notifications1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notification"."inbox" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL,
        "event_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "title" text NOT NULL,
        "body" text NOT NULL,
        "language" text NOT NULL,
        "data" jsonb NOT NULL DEFAULT '{}',
        "read_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "inbox_event_account_uq" UNIQUE ("event_id", "kind", "account_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "inbox_account_created_idx" ON "notification"."inbox" ("account_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inbox_unread_idx" ON "notification"."inbox" ("account_id") WHERE "read_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "notification"."preferences" (
        "account_id" uuid NOT NULL,
        "channel" text NOT NULL,
        "enabled" boolean NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "preferences_pk" PRIMARY KEY ("account_id", "channel"),
        CONSTRAINT "preferences_channel_ck" CHECK ("channel" IN ('email', 'in_app', 'whatsapp', 'push'))
      )`);
    // One row per message to send; the worker claims due rows with a lease, so replicas share the work.
    await queryRunner.query(`
      CREATE TABLE "notification"."deliveries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "event_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "channel" text NOT NULL,
        "account_id" uuid,
        "address" text NOT NULL,
        "language" text NOT NULL,
        "message" jsonb NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "attempts" int NOT NULL DEFAULT 0,
        "last_error" text,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "deliveries_once_uq" UNIQUE ("event_id", "kind", "channel", "address"),
        CONSTRAINT "deliveries_status_ck" CHECK ("status" IN ('pending', 'sent', 'dead')),
        CONSTRAINT "deliveries_channel_ck" CHECK ("channel" IN ('email', 'whatsapp', 'push'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "deliveries_due_idx" ON "notification"."deliveries" ("next_attempt_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "deliveries_dead_idx" ON "notification"."deliveries" ("created_at" DESC) WHERE "status" = 'dead'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['deliveries', 'preferences', 'inbox'])
      await queryRunner.query(`DROP TABLE "notification"."${table}"`);
  }
}
