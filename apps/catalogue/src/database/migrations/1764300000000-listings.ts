import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listings, their images and the moderation log (the shapes agreed in the catalogue brief).
 * The log has no foreign key: it outlives a deleted listing.
 */
export class Listings1764300000000 implements MigrationInterface {
  name = 'Listings1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue"."listings" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "created_by" uuid,
        "status" text NOT NULL DEFAULT 'draft',
        "property_type" text NOT NULL,
        "title_en" text,
        "title_ar" text,
        "description_en" text,
        "description_ar" text,
        "price" numeric(14,2),
        "currency" text NOT NULL DEFAULT 'SAR',
        "price_sar" numeric(14,2),
        "country_code" text,
        "city_id" bigint,
        "district_id" bigint,
        "city_en" text,
        "city_ar" text,
        "district_en" text,
        "district_ar" text,
        "time_zone" text,
        "area_sqm" numeric(10,2),
        "bedrooms" int,
        "bathrooms" int,
        "lat" double precision,
        "lng" double precision,
        "external_ref" text,
        "licence_number" text,
        "rejection_reason" text,
        "flags" jsonb NOT NULL DEFAULT '[]',
        "ai_bullets_en" jsonb NOT NULL DEFAULT '[]',
        "ai_bullets_ar" jsonb NOT NULL DEFAULT '[]',
        "listed_at" timestamptz,
        "submitted_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "listings_status_ck" CHECK ("status" IN ('draft', 'pending', 'published', 'rejected')),
        CONSTRAINT "listings_property_type_ck" CHECK ("property_type" IN ('apartment', 'villa', 'land', 'shop', 'office')),
        CONSTRAINT "listings_currency_ck" CHECK ("currency" IN ('SAR', 'AED')),
        CONSTRAINT "listings_country_code_ck" CHECK ("country_code" IN ('SA', 'AE')),
        CONSTRAINT "listings_time_zone_ck" CHECK ("time_zone" IN ('Asia/Riyadh', 'Asia/Dubai'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "listings_workspace_external_ref_uq" ON "catalogue"."listings" ("workspace_id", "external_ref")
       WHERE "external_ref" IS NOT NULL`,
    );
    // The workspace's own list (GET /v1/listings, newest first, optionally by status).
    await queryRunner.query(
      `CREATE INDEX "listings_workspace_created_idx" ON "catalogue"."listings" ("workspace_id", "created_at" DESC, "id")`,
    );
    // The moderation queue: pending, oldest submission first.
    await queryRunner.query(
      `CREATE INDEX "listings_pending_submitted_idx" ON "catalogue"."listings" ("submitted_at", "id") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(`
      CREATE TABLE "catalogue"."listing_images" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "listing_id" uuid NOT NULL,
        "position" int NOT NULL,
        "display_key" text NOT NULL,
        "thumb_key" text NOT NULL,
        "width" int,
        "height" int,
        "bytes" int NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "listing_images_listing_fk" FOREIGN KEY ("listing_id")
          REFERENCES "catalogue"."listings" ("id") ON DELETE CASCADE,
        CONSTRAINT "listing_images_position_uq" UNIQUE ("listing_id", "position") DEFERRABLE INITIALLY DEFERRED
      )`);
    await queryRunner.query(`
      CREATE TABLE "catalogue"."moderation_log" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "listing_id" uuid NOT NULL,
        "moderator_id" uuid,
        "action" text NOT NULL,
        "reason" text,
        "flags" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "moderation_log_action_ck"
          CHECK ("action" IN ('submitted', 'approved', 'rejected', 'returned_to_pending'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "moderation_log_listing_idx" ON "catalogue"."moderation_log" ("listing_id", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue"."moderation_log"`);
    await queryRunner.query(`DROP TABLE "catalogue"."listing_images"`);
    await queryRunner.query(`DROP TABLE "catalogue"."listings"`);
  }
}
