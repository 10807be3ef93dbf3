import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Browsers subscribed to web push, per user; an endpoint belongs to one user. */
export class PushSubscriptions1765000000000 implements MigrationInterface {
  name = 'PushSubscriptions1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notification"."push_subscriptions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL,
        "endpoint" text NOT NULL,
        "p256dh" text NOT NULL,
        "auth" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "push_subscriptions_endpoint_uq" UNIQUE ("endpoint")
      )`);
    await queryRunner.query(
      `CREATE INDEX "push_subscriptions_account_idx" ON "notification"."push_subscriptions" ("account_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification"."push_subscriptions"`);
  }
}
