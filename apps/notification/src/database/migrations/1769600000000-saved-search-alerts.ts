import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved-search alerts waiting to go out: one open alert per search (the partial unique index,
 * so replicas adding matches at once add to the same row) with its listings, due at once for an
 * instant search not alerted in the last 15 minutes, else when its window or digest period ends.
 */
export class SavedSearchAlerts1769600000000 implements MigrationInterface {
  name = 'SavedSearchAlerts1769600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notification"."saved_search_alerts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "saved_search_id" uuid NOT NULL,
        "account_id" uuid NOT NULL,
        "name" text NOT NULL,
        "frequency" text NOT NULL,
        "opened_at" timestamptz NOT NULL,
        "due_at" timestamptz NOT NULL,
        "sent_at" timestamptz,
        CONSTRAINT "saved_search_alerts_frequency_ck" CHECK ("frequency" IN ('instant', 'daily', 'weekly'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "saved_search_alerts_open_uq" ON "notification"."saved_search_alerts" ("saved_search_id") WHERE "sent_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_search_alerts_due_idx" ON "notification"."saved_search_alerts" ("due_at") WHERE "sent_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_search_alerts_sent_idx" ON "notification"."saved_search_alerts" ("saved_search_id", "sent_at" DESC) WHERE "sent_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_search_alerts_account_idx" ON "notification"."saved_search_alerts" ("account_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "notification"."saved_search_alert_items" (
        "alert_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "event" text NOT NULL,
        "title_en" text,
        "title_ar" text,
        "price_sar" numeric(14,2) NOT NULL,
        "previous_price_sar" numeric(14,2),
        "matched_at" timestamptz NOT NULL,
        CONSTRAINT "saved_search_alert_items_pk" PRIMARY KEY ("alert_id", "listing_id", "event"),
        CONSTRAINT "saved_search_alert_items_alert_fk" FOREIGN KEY ("alert_id")
          REFERENCES "notification"."saved_search_alerts" ("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification"."saved_search_alert_items"`);
    await queryRunner.query(`DROP TABLE "notification"."saved_search_alerts"`);
  }
}
