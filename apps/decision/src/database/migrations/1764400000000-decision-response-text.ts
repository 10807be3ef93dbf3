import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A decision's answer kept as the exact JSON text first sent: jsonb reorders keys, and a
 * replay (Idempotency-Key) must return the same bytes, as payment APIs do.
 */
export class DecisionResponseText1764400000000 implements MigrationInterface {
  name = 'DecisionResponseText1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "decision"."decisions" ALTER COLUMN "response" TYPE text USING "response"::text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "decision"."decisions" ALTER COLUMN "response" TYPE jsonb USING "response"::jsonb`,
    );
  }
}
