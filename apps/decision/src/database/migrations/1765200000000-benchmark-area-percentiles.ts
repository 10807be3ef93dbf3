import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Area quartiles (m²) beside the price quartiles of every benchmark: the size bucket judges a
 * property's area against the areas sold in the same place, type and year. Existing rows are
 * filled from the transactions they were computed from, the way a recompute fills new ones.
 */
export class BenchmarkAreaPercentiles1765200000000 implements MigrationInterface {
  name = 'BenchmarkAreaPercentiles1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "decision"."benchmarks"
        ADD COLUMN "area_p25_sqm" double precision,
        ADD COLUMN "area_median_sqm" double precision,
        ADD COLUMN "area_p75_sqm" double precision`);
    await queryRunner.query(`
      WITH areas AS (
        SELECT 'city'::text AS scope, city_id AS place_id, property_type, extract(year FROM date)::int AS year,
               percentile_cont(0.25) WITHIN GROUP (ORDER BY area_sqm) AS p25,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY area_sqm) AS median,
               percentile_cont(0.75) WITHIN GROUP (ORDER BY area_sqm) AS p75
        FROM "decision"."transactions"
        GROUP BY city_id, property_type, extract(year FROM date)
        UNION ALL
        SELECT 'district'::text, district_id, property_type, extract(year FROM date)::int,
               percentile_cont(0.25) WITHIN GROUP (ORDER BY area_sqm),
               percentile_cont(0.5) WITHIN GROUP (ORDER BY area_sqm),
               percentile_cont(0.75) WITHIN GROUP (ORDER BY area_sqm)
        FROM "decision"."transactions"
        WHERE district_id IS NOT NULL
        GROUP BY district_id, property_type, extract(year FROM date)
      )
      UPDATE "decision"."benchmarks" b
      SET "area_p25_sqm" = a.p25, "area_median_sqm" = a.median, "area_p75_sqm" = a.p75
      FROM areas a
      WHERE a.scope = b.scope AND a.place_id = b.place_id AND a.property_type = b.property_type AND a.year = b.year`);
    // A benchmark row always has transactions behind it; one without (never expected) could not be scored on area.
    await queryRunner.query(`DELETE FROM "decision"."benchmarks" WHERE "area_median_sqm" IS NULL`);
    await queryRunner.query(`
      ALTER TABLE "decision"."benchmarks"
        ALTER COLUMN "area_p25_sqm" SET NOT NULL,
        ALTER COLUMN "area_median_sqm" SET NOT NULL,
        ALTER COLUMN "area_p75_sqm" SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "decision"."benchmarks"
        DROP COLUMN "area_p25_sqm",
        DROP COLUMN "area_median_sqm",
        DROP COLUMN "area_p75_sqm"`);
  }
}
