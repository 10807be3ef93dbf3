import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales transactions (SAR, m²) from DLD, MoJ, plain CSV or the synthetic demo set, unique
 * per source on a hash of the whole source record; benchmarks computed from them per
 * (city | district, type, year); and the benchmarks version services poll.
 * No foreign key to the gazetteer: a gazetteer re-import must never be blocked by sales.
 */
export class CreateTransactionsBenchmarks1764100000000 implements MigrationInterface {
  name = 'CreateTransactionsBenchmarks1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "decision"."transactions" (
        "id" bigserial PRIMARY KEY,
        "source" text NOT NULL,
        "source_ref" text,
        "record_hash" text NOT NULL,
        "date" date NOT NULL,
        "city_id" bigint NOT NULL,
        "district_id" bigint,
        "property_type" text NOT NULL,
        "price_sar" numeric(16, 2) NOT NULL,
        "area_sqm" numeric(12, 2) NOT NULL,
        "price_per_sqm" numeric(14, 2) NOT NULL,
        "imported_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "transactions_source_ck" CHECK ("source" IN ('dld', 'moj', 'csv', 'synthetic')),
        CONSTRAINT "transactions_property_type_ck"
          CHECK ("property_type" IN ('apartment', 'villa', 'land', 'commercial', 'office')),
        CONSTRAINT "transactions_price_ck" CHECK ("price_sar" > 0),
        CONSTRAINT "transactions_area_ck" CHECK ("area_sqm" > 0),
        CONSTRAINT "transactions_record_uq" UNIQUE ("source", "record_hash")
      )`);
    await queryRunner.query(
      `CREATE INDEX "transactions_city_type_date_idx" ON "decision"."transactions" ("city_id", "property_type", "date")`,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_district_type_date_idx" ON "decision"."transactions" ("district_id", "property_type", "date")
       WHERE "district_id" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "decision"."benchmarks" (
        "scope" text NOT NULL,
        "place_id" bigint NOT NULL,
        "property_type" text NOT NULL,
        "year" integer NOT NULL,
        "median_sqm" double precision NOT NULL,
        "p25_sqm" double precision NOT NULL,
        "p75_sqm" double precision NOT NULL,
        "mean_sqm" double precision NOT NULL,
        "transaction_count" integer NOT NULL,
        "yoy_pct" numeric(8, 1),
        CONSTRAINT "benchmarks_pk" PRIMARY KEY ("scope", "place_id", "property_type", "year"),
        CONSTRAINT "benchmarks_scope_ck" CHECK ("scope" IN ('city', 'district'))
      )`);
    // The gazetteer's version table becomes the one table of reference-data versions.
    await queryRunner.query(`ALTER TABLE "decision"."gazetteer_meta" RENAME TO "reference_versions"`);
    await queryRunner.query(
      `INSERT INTO "decision"."reference_versions" ("key", "value") VALUES ('benchmarks_version', 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "decision"."reference_versions" WHERE "key" = 'benchmarks_version'`);
    await queryRunner.query(`ALTER TABLE "decision"."reference_versions" RENAME TO "gazetteer_meta"`);
    await queryRunner.query(`DROP TABLE "decision"."benchmarks"`);
    await queryRunner.query(`DROP TABLE "decision"."transactions"`);
  }
}
