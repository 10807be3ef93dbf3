import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Edits to a published listing go live at once (spec 3): no more `returned_to_pending`.
 * When the automated checks find something new on such an edit, the listing is flagged to
 * moderators (`flagged_at`) and shown in the queue next to pending ones, until a moderator
 * keeps it (approve) or unpublishes it with a reason (`unpublished`). `returned_to_pending`
 * stays allowed in the log: older entries keep their history.
 */
export class PublishedEditReview1768100000000 implements MigrationInterface {
  name = 'PublishedEditReview1768100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" ADD COLUMN "flagged_at" timestamptz`);
    // The queue's second half: flagged published listings, oldest flag first.
    await queryRunner.query(
      `CREATE INDEX "listings_flagged_idx" ON "catalogue"."listings" ("flagged_at", "id") WHERE "flagged_at" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "catalogue"."moderation_log" DROP CONSTRAINT "moderation_log_action_ck"`);
    await queryRunner.query(`
      ALTER TABLE "catalogue"."moderation_log" ADD CONSTRAINT "moderation_log_action_ck"
        CHECK ("action" IN ('submitted', 'approved', 'rejected', 'returned_to_pending', 'flagged', 'unpublished'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."moderation_log" DROP CONSTRAINT "moderation_log_action_ck"`);
    await queryRunner.query(`
      ALTER TABLE "catalogue"."moderation_log" ADD CONSTRAINT "moderation_log_action_ck"
        CHECK ("action" IN ('submitted', 'approved', 'rejected', 'returned_to_pending'))`);
    await queryRunner.query(`DROP INDEX "catalogue"."listings_flagged_idx"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" DROP COLUMN "flagged_at"`);
  }
}
