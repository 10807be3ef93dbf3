import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Developer projects and their units (issue 15). A listing made from a unit points back at
 * both; deleting the unit or the project keeps the listing as an ordinary one (SET NULL).
 */
export class Projects1767000000000 implements MigrationInterface {
  name = 'Projects1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue"."projects" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "created_by" uuid,
        "name_en" text NOT NULL,
        "name_ar" text NOT NULL,
        "description_en" text,
        "description_ar" text,
        "status" text NOT NULL DEFAULT 'off_plan',
        "handover_date" date,
        "country_code" text NOT NULL,
        "city_id" bigint NOT NULL,
        "district_id" bigint NOT NULL,
        "city_en" text NOT NULL,
        "city_ar" text NOT NULL,
        "district_en" text NOT NULL,
        "district_ar" text NOT NULL,
        "time_zone" text NOT NULL,
        "rega_licence_number" text,
        "dld_project_number" text,
        "escrow_account_number" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "projects_status_ck" CHECK ("status" IN ('off_plan', 'ready')),
        CONSTRAINT "projects_country_code_ck" CHECK ("country_code" IN ('SA', 'AE')),
        CONSTRAINT "projects_rega_sa_ck" CHECK ("rega_licence_number" IS NULL OR "country_code" = 'SA'),
        CONSTRAINT "projects_dld_ae_ck" CHECK ("dld_project_number" IS NULL OR "country_code" = 'AE')
      )`);
    await queryRunner.query(
      `CREATE INDEX "projects_workspace_created_idx" ON "catalogue"."projects" ("workspace_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "catalogue"."project_units" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "project_id" uuid NOT NULL REFERENCES "catalogue"."projects" ("id") ON DELETE CASCADE,
        "unit_ref" text,
        "unit_type" text NOT NULL,
        "area_sqm" numeric(10,2) NOT NULL,
        "bedrooms" int,
        "floor" int,
        "price" numeric(14,2) NOT NULL,
        "currency" text NOT NULL,
        "price_sar" numeric(14,2) NOT NULL,
        "status" text NOT NULL DEFAULT 'available',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "project_units_type_ck" CHECK ("unit_type" IN ('apartment', 'villa', 'land', 'shop', 'office')),
        CONSTRAINT "project_units_status_ck" CHECK ("status" IN ('available', 'reserved', 'sold')),
        CONSTRAINT "project_units_currency_ck" CHECK ("currency" IN ('SAR', 'AED')),
        CONSTRAINT "project_units_land_ck" CHECK ("unit_type" <> 'land' OR "bedrooms" IS NULL)
      )`);
    await queryRunner.query(
      `CREATE INDEX "project_units_project_idx" ON "catalogue"."project_units" ("project_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "project_units_ref_uq" ON "catalogue"."project_units" ("project_id", "unit_ref")
       WHERE "unit_ref" IS NOT NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "catalogue"."listings"
        ADD COLUMN "project_id" uuid REFERENCES "catalogue"."projects" ("id") ON DELETE SET NULL,
        ADD COLUMN "unit_id" uuid REFERENCES "catalogue"."project_units" ("id") ON DELETE SET NULL`);
    // One listing per unit: publishing a unit twice is a 409, and the unit finds its listing.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "listings_unit_uq" ON "catalogue"."listings" ("unit_id") WHERE "unit_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "listings_project_idx" ON "catalogue"."listings" ("project_id") WHERE "project_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" DROP COLUMN "unit_id", DROP COLUMN "project_id"`);
    await queryRunner.query(`DROP TABLE "catalogue"."project_units"`);
    await queryRunner.query(`DROP TABLE "catalogue"."projects"`);
  }
}
