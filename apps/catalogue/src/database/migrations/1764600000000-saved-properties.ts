import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A user's saved properties: one row per (account, listing), gone with the listing. */
export class SavedProperties1764600000000 implements MigrationInterface {
  name = 'SavedProperties1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue"."saved_properties" (
        "account_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "saved_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "saved_properties_pk" PRIMARY KEY ("account_id", "listing_id"),
        CONSTRAINT "saved_properties_listing_fk" FOREIGN KEY ("listing_id")
          REFERENCES "catalogue"."listings" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "saved_properties_account_idx" ON "catalogue"."saved_properties" ("account_id", "saved_at" DESC, "listing_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue"."saved_properties"`);
  }
}
