import type { MigrationInterface, QueryRunner } from 'typeorm';

const OWNED = ['leads', 'inquiries', 'bookings', 'slots', 'slot_rules'] as const;

/**
 * A listing's owner is a workspace or a seller account (catalogue.listings.seller_id): the
 * leads, threads, bookings and viewing slots of a seller's listing carry `seller_id` instead
 * of `workspace_id`, exactly one of the two. Seller leads are never charged nor locked.
 */
export class SellerLeads1768100000000 implements MigrationInterface {
  name = 'SellerLeads1768100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of OWNED) {
      await queryRunner.query(`ALTER TABLE "leads"."${table}" ADD COLUMN "seller_id" uuid`);
      await queryRunner.query(`ALTER TABLE "leads"."${table}" ALTER COLUMN "workspace_id" DROP NOT NULL`);
      await queryRunner.query(
        `ALTER TABLE "leads"."${table}" ADD CONSTRAINT "${table}_one_owner_ck" CHECK (num_nonnulls("workspace_id", "seller_id") = 1)`,
      );
    }
    await queryRunner.query(
      `CREATE INDEX "leads_seller_created_idx" ON "leads"."leads" ("seller_id", "created_at" DESC, "id") WHERE "seller_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "inquiries_seller_activity_idx" ON "leads"."inquiries" ("seller_id", "last_message_at" DESC, "id") WHERE "seller_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "bookings_seller_idx" ON "leads"."bookings" ("seller_id", "scheduled_at" DESC, "id") WHERE "seller_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "leads"."bookings_seller_idx"`);
    await queryRunner.query(`DROP INDEX "leads"."inquiries_seller_activity_idx"`);
    await queryRunner.query(`DROP INDEX "leads"."leads_seller_created_idx"`);
    for (const table of [...OWNED].reverse()) {
      await queryRunner.query(`DELETE FROM "leads"."${table}" WHERE "seller_id" IS NOT NULL`);
      await queryRunner.query(`ALTER TABLE "leads"."${table}" DROP CONSTRAINT "${table}_one_owner_ck"`);
      await queryRunner.query(`ALTER TABLE "leads"."${table}" ALTER COLUMN "workspace_id" SET NOT NULL`);
      await queryRunner.query(`ALTER TABLE "leads"."${table}" DROP COLUMN "seller_id"`);
    }
  }
}
