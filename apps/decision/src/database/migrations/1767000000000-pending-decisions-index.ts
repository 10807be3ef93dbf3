import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sweep for claims whose request died (DecisionClaimsSweeper) reads pending rows by age:
 * a partial index keeps that read to the few pending rows, however many decisions are stored.
 */
export class PendingDecisionsIndex1767000000000 implements MigrationInterface {
  name = 'PendingDecisionsIndex1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "decisions_pending_idx" ON "decision"."decisions" ("created_at") WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "decision"."decisions_pending_idx"`);
  }
}
