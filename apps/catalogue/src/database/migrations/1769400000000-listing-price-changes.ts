import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every published listing's prices in SAR, one row per change (docs/catalogue.md "Price
 * history"). The (listing_id, changed_at, id) index serves the detail's history and the search's
 * "price in force 30 days ago" probe; the changed_at index finds the listings repriced lately
 * (`reduced=true`). Listings published before this migration start with their current price,
 * dated at their publication.
 */
export class ListingPriceChanges1769400000000 implements MigrationInterface {
  name = 'ListingPriceChanges1769400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue"."listing_price_changes" (
        "id" bigint GENERATED ALWAYS AS IDENTITY,
        "listing_id" uuid NOT NULL,
        "price_sar" numeric(14,2) NOT NULL,
        "changed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "listing_price_changes_pk" PRIMARY KEY ("id"),
        CONSTRAINT "listing_price_changes_listing_fk" FOREIGN KEY ("listing_id")
          REFERENCES "catalogue"."listings" ("id") ON DELETE CASCADE,
        CONSTRAINT "listing_price_changes_price_ck" CHECK ("price_sar" >= 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "listing_price_changes_listing_changed_idx" ON "catalogue"."listing_price_changes" ("listing_id", "changed_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_price_changes_changed_at_idx" ON "catalogue"."listing_price_changes" ("changed_at")`,
    );
    await queryRunner.query(`
      INSERT INTO "catalogue"."listing_price_changes" ("listing_id", "price_sar", "changed_at")
      SELECT "id", "price_sar", COALESCE("listed_at", "updated_at") FROM "catalogue"."listings"
       WHERE "status" = 'published' AND "price_sar" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue"."listing_price_changes"`);
  }
}
