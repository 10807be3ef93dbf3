import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * District trends count a district's published listings per type (docs/market.md): a partial
 * index on the district and type reads only those rows, as listings_published_city_idx does
 * for a city.
 */
export class PublishedListingsDistrictIndex1769300000000 implements MigrationInterface {
  name = 'PublishedListingsDistrictIndex1769300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "listings_published_district_idx" ON "catalogue"."listings" ("district_id", "property_type") WHERE "status" = 'published'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "catalogue"."listings_published_district_idx"`);
  }
}
