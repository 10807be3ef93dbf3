import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Countries, cities, districts (source ids, bigint), aliases and the gazetteer version. */
export class CreateGazetteer1763900000000 implements MigrationInterface {
  name = 'CreateGazetteer1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "decision"."countries" (
        "code" text PRIMARY KEY,
        "name_ar" text NOT NULL,
        "name_en" text NOT NULL,
        CONSTRAINT "countries_code_ck" CHECK ("code" ~ '^[A-Z]{2}$')
      )`);
    await queryRunner.query(`
      CREATE TABLE "decision"."cities" (
        "id" bigint PRIMARY KEY,
        "country_code" text NOT NULL,
        "region" text,
        "name_ar" text NOT NULL,
        "name_en" text NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "cities_country_fk" FOREIGN KEY ("country_code") REFERENCES "decision"."countries" ("code")
      )`);
    await queryRunner.query(`
      CREATE TABLE "decision"."districts" (
        "id" bigint PRIMARY KEY,
        "city_id" bigint NOT NULL,
        "region" text,
        "name_ar" text NOT NULL,
        "name_en" text NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "districts_city_fk" FOREIGN KEY ("city_id") REFERENCES "decision"."cities" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "districts_city_idx" ON "decision"."districts" ("city_id")`);
    await queryRunner.query(`
      CREATE TABLE "decision"."location_aliases" (
        "id" bigserial PRIMARY KEY,
        "place" text NOT NULL,
        "place_id" bigint NOT NULL,
        "alias" text NOT NULL,
        CONSTRAINT "location_aliases_place_ck" CHECK ("place" IN ('city', 'district')),
        CONSTRAINT "location_aliases_uq" UNIQUE ("place", "place_id", "alias")
      )`);
    await queryRunner.query(`
      CREATE TABLE "decision"."gazetteer_meta" (
        "key" text PRIMARY KEY,
        "value" bigint NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`INSERT INTO "decision"."gazetteer_meta" ("key", "value") VALUES ('gazetteer_version', 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "decision"."gazetteer_meta"`);
    await queryRunner.query(`DROP TABLE "decision"."location_aliases"`);
    await queryRunner.query(`DROP TABLE "decision"."districts"`);
    await queryRunner.query(`DROP TABLE "decision"."cities"`);
    await queryRunner.query(`DROP TABLE "decision"."countries"`);
  }
}
