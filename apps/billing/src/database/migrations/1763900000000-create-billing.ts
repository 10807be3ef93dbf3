import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger (append-only: a trigger refuses UPDATE and DELETE), the balances it keeps
 * (never below zero) and the decision packs.
 */
export class CreateBilling1763900000000 implements MigrationInterface {
  name = 'CreateBilling1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing"."ledger_entries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "seq" bigserial NOT NULL,
        "workspace_id" uuid NOT NULL,
        "asset" text NOT NULL,
        "amount" integer NOT NULL,
        "reason" text NOT NULL,
        "reference" text,
        "idempotency_key" text NOT NULL,
        "reverses_entry_id" uuid REFERENCES "billing"."ledger_entries" ("id"),
        "balance_after" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ledger_entries_asset_ck" CHECK ("asset" IN ('decisions', 'lead_credits')),
        CONSTRAINT "ledger_entries_amount_ck" CHECK ("amount" <> 0),
        CONSTRAINT "ledger_entries_balance_after_ck" CHECK ("balance_after" >= 0),
        CONSTRAINT "ledger_entries_idempotency_uq" UNIQUE ("workspace_id", "idempotency_key"),
        CONSTRAINT "ledger_entries_reverses_uq" UNIQUE ("reverses_entry_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "ledger_entries_workspace_seq_idx" ON "billing"."ledger_entries" ("workspace_id", "seq" DESC)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "billing"."ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'billing.ledger_entries is append-only';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "ledger_entries_append_only_trg" BEFORE UPDATE OR DELETE ON "billing"."ledger_entries"
      FOR EACH ROW EXECUTE FUNCTION "billing"."ledger_entries_append_only"()`);
    await queryRunner.query(`
      CREATE TABLE "billing"."balances" (
        "workspace_id" uuid NOT NULL,
        "asset" text NOT NULL,
        "amount" integer NOT NULL DEFAULT 0,
        CONSTRAINT "balances_pk" PRIMARY KEY ("workspace_id", "asset"),
        CONSTRAINT "balances_asset_ck" CHECK ("asset" IN ('decisions', 'lead_credits')),
        CONSTRAINT "balances_amount_ck" CHECK ("amount" >= 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."packs" (
        "id" uuid PRIMARY KEY,
        "workspace_id" uuid NOT NULL,
        "size" integer NOT NULL,
        "provider" text NOT NULL,
        "provider_reference" text NOT NULL,
        "entry_id" uuid REFERENCES "billing"."ledger_entries" ("id"),
        "idempotency_key" text NOT NULL,
        "purchased_at" timestamptz NOT NULL,
        "refunded_at" timestamptz,
        "refunded_decisions" integer,
        CONSTRAINT "packs_size_ck" CHECK ("size" IN (5, 20, 50)),
        CONSTRAINT "packs_idempotency_uq" UNIQUE ("workspace_id", "idempotency_key")
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."low_balance_thresholds" (
        "workspace_id" uuid NOT NULL,
        "asset" text NOT NULL,
        "threshold" integer NOT NULL,
        CONSTRAINT "low_balance_thresholds_pk" PRIMARY KEY ("workspace_id", "asset"),
        CONSTRAINT "low_balance_thresholds_asset_ck" CHECK ("asset" IN ('decisions', 'lead_credits')),
        CONSTRAINT "low_balance_thresholds_threshold_ck" CHECK ("threshold" >= 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."plan_subscriptions" (
        "workspace_id" uuid PRIMARY KEY,
        "plan" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."plan_subscriptions"`);
    await queryRunner.query(`DROP TABLE "billing"."low_balance_thresholds"`);
    await queryRunner.query(`DROP TABLE "billing"."packs"`);
    await queryRunner.query(`DROP TABLE "billing"."balances"`);
    await queryRunner.query(`DROP TABLE "billing"."ledger_entries"`);
    await queryRunner.query(`DROP FUNCTION "billing"."ledger_entries_append_only"()`);
  }
}
