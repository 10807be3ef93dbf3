import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchases through a payment provider: a row exists (pending) before the provider hears of it,
 * so its webhook always finds one. Provider events are recorded once by their id (idempotent
 * webhooks). The packs bought before are carried over as paid purchases.
 */
export class CreatePurchases1768000000000 implements MigrationInterface {
  name = 'CreatePurchases1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing"."purchases" (
        "id" uuid PRIMARY KEY,
        "workspace_id" uuid NOT NULL,
        "product" text NOT NULL,
        "quantity" integer NOT NULL,
        "amount" integer NOT NULL,
        "currency" text NOT NULL,
        "state" text NOT NULL,
        "provider" text NOT NULL,
        "session_reference" text,
        "payment_reference" text,
        "checkout_url" text,
        "idempotency_key" text NOT NULL,
        "created_at" timestamptz NOT NULL,
        "settled_at" timestamptz,
        CONSTRAINT "purchases_product_ck" CHECK ("product" IN ('decision_pack', 'lead_credits')),
        CONSTRAINT "purchases_quantity_ck" CHECK ("quantity" > 0),
        CONSTRAINT "purchases_amount_ck" CHECK ("amount" >= 0),
        CONSTRAINT "purchases_state_ck" CHECK ("state" IN ('pending', 'paid', 'failed', 'expired')),
        CONSTRAINT "purchases_idempotency_uq" UNIQUE ("workspace_id", "product", "idempotency_key")
      )`);
    await queryRunner.query(
      `CREATE INDEX "purchases_workspace_created_idx" ON "billing"."purchases" ("workspace_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "billing"."payment_events" (
        "provider" text NOT NULL,
        "event_id" text NOT NULL,
        "type" text NOT NULL,
        "purchase_id" uuid,
        "received_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("provider", "event_id")
      )`);
    await queryRunner.query(`
      INSERT INTO "billing"."purchases"
        (id, workspace_id, product, quantity, amount, currency, state, provider, payment_reference,
         idempotency_key, created_at, settled_at)
      SELECT id, workspace_id, 'decision_pack', size, 0, 'SAR', 'paid', provider, provider_reference,
             idempotency_key, purchased_at, purchased_at
      FROM "billing"."packs"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."payment_events"`);
    await queryRunner.query(`DROP TABLE "billing"."purchases"`);
  }
}
