import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A buyer's saved searches with the filters as columns, so a publish or a price drop finds the
 * searches it matches in one indexed statement (saved-searches.repository.ts `match`): the place
 * picks the candidates through one of three partial indexes (a search's districts, its city
 * without districts, or no place), the other bounds are checked on those rows. Each (search,
 * listing, event) is recorded once in saved_search_matches: its primary key is what keeps a
 * listing from alerting twice.
 */
export class SavedSearches1769600000000 implements MigrationInterface {
  name = 'SavedSearches1769600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue"."saved_searches" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL,
        "name" text NOT NULL,
        "frequency" text NOT NULL,
        "query" jsonb NOT NULL,
        "city_id" bigint,
        "district_ids" bigint[],
        "property_type" text,
        "min_price_sar" numeric(14,2),
        "max_price_sar" numeric(14,2),
        "min_bedrooms" int,
        "max_bedrooms" int,
        "min_area_sqm" numeric(10,2),
        "max_area_sqm" numeric(10,2),
        "text_patterns" text[],
        "reduced" boolean NOT NULL DEFAULT false,
        "unsubscribed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "saved_searches_pk" PRIMARY KEY ("id"),
        CONSTRAINT "saved_searches_frequency_ck" CHECK ("frequency" IN ('instant', 'daily', 'weekly')),
        CONSTRAINT "saved_searches_districts_ck" CHECK (cardinality("district_ids") > 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "saved_searches_account_idx" ON "catalogue"."saved_searches" ("account_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_searches_districts_idx" ON "catalogue"."saved_searches" USING gin ("district_ids")
        WHERE "unsubscribed_at" IS NULL AND "district_ids" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_searches_city_idx" ON "catalogue"."saved_searches" ("city_id", "property_type")
        WHERE "unsubscribed_at" IS NULL AND "district_ids" IS NULL AND "city_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_searches_anywhere_idx" ON "catalogue"."saved_searches" ("property_type")
        WHERE "unsubscribed_at" IS NULL AND "district_ids" IS NULL AND "city_id" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "catalogue"."saved_search_matches" (
        "saved_search_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "event" text NOT NULL,
        "occurrence" bigint NOT NULL,
        "matched_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "saved_search_matches_pk" PRIMARY KEY ("saved_search_id", "listing_id", "event", "occurrence"),
        CONSTRAINT "saved_search_matches_search_fk" FOREIGN KEY ("saved_search_id")
          REFERENCES "catalogue"."saved_searches" ("id") ON DELETE CASCADE,
        CONSTRAINT "saved_search_matches_listing_fk" FOREIGN KEY ("listing_id")
          REFERENCES "catalogue"."listings" ("id") ON DELETE CASCADE,
        CONSTRAINT "saved_search_matches_event_ck" CHECK ("event" IN ('published', 'price_drop'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "saved_search_matches_listing_idx" ON "catalogue"."saved_search_matches" ("listing_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue"."saved_search_matches"`);
    await queryRunner.query(`DROP TABLE "catalogue"."saved_searches"`);
  }
}
