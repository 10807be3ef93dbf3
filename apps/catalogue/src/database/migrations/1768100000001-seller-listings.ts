import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A listing is owned by a workspace (brokers, developers) or by a seller account (spec 1:
 * sellers list their own property, without a workspace): exactly one of the two.
 */
export class SellerListings1768100000001 implements MigrationInterface {
  name = 'SellerListings1768100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" ADD COLUMN "seller_id" uuid`);
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" ALTER COLUMN "workspace_id" DROP NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "catalogue"."listings" ADD CONSTRAINT "listings_one_owner_ck"
        CHECK (num_nonnulls("workspace_id", "seller_id") = 1)`);
    await queryRunner.query(
      `CREATE INDEX "listings_seller_created_idx" ON "catalogue"."listings" ("seller_id", "created_at" DESC, "id")
        WHERE "seller_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "catalogue"."listings" WHERE "seller_id" IS NOT NULL`);
    await queryRunner.query(`DROP INDEX "catalogue"."listings_seller_created_idx"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" DROP CONSTRAINT "listings_one_owner_ck"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" ALTER COLUMN "workspace_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" DROP COLUMN "seller_id"`);
  }
}
