import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public broker page's address, `/v1/brokers/<slug>`: the workspace name in Latin letters
 * and the first 8 characters of its id (an Arabic-only name gives `broker-…`). Generated, so
 * every way a workspace is made has one, and it follows a rename.
 */
export class WorkspaceSlugs1765100000000 implements MigrationInterface {
  name = 'WorkspaceSlugs1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "identity"."workspaces" ADD COLUMN "slug" text GENERATED ALWAYS AS (
        COALESCE(NULLIF(trim(both '-' from lower(regexp_replace("name", '[^A-Za-z0-9]+', '-', 'g'))), ''), 'broker')
        || '-' || left("id"::text, 8)) STORED`);
    await queryRunner.query(`CREATE UNIQUE INDEX "workspaces_slug_uq" ON "identity"."workspaces" ("slug")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."workspaces" DROP COLUMN "slug"`);
  }
}
