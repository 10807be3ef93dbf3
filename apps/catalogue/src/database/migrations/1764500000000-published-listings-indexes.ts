import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public search reads published listings only, in one of its sort orders: partial
 * indexes on those orders let a page be read in order, without sorting every published row.
 */
export class PublishedListingsIndexes1764500000000 implements MigrationInterface {
  name = 'PublishedListingsIndexes1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "listings_published_newest_idx" ON "catalogue"."listings" ("listed_at" DESC, "id") WHERE "status" = 'published'`,
    );
    await queryRunner.query(
      `CREATE INDEX "listings_published_price_idx" ON "catalogue"."listings" ("price_sar", "id") WHERE "status" = 'published'`,
    );
    await queryRunner.query(
      `CREATE INDEX "listings_published_city_idx" ON "catalogue"."listings" ("city_id", "listed_at" DESC) WHERE "status" = 'published'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "catalogue"."listings_published_city_idx"`);
    await queryRunner.query(`DROP INDEX "catalogue"."listings_published_price_idx"`);
    await queryRunner.query(`DROP INDEX "catalogue"."listings_published_newest_idx"`);
  }
}
