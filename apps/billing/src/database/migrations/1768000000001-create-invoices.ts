import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tax invoices and credit notes. Numbers are gap-free per issuing entity and kind: the counter
 * row is incremented in the transaction that writes the document (its row lock orders
 * concurrent issuers; a rollback takes the number back). The workspace's billing profile holds
 * the buyer's legal name, VAT number and country (which sets the VAT rate and the issuer).
 */
export class CreateInvoices1768000000001 implements MigrationInterface {
  name = 'CreateInvoices1768000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing"."billing_profiles" (
        "workspace_id" uuid PRIMARY KEY,
        "legal_name" text,
        "vat_number" text,
        "country" text NOT NULL DEFAULT 'SA',
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "billing_profiles_country_ck" CHECK ("country" IN ('SA', 'AE'))
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."invoice_counters" (
        "series" text PRIMARY KEY,
        "last_number" integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."invoices" (
        "id" uuid PRIMARY KEY,
        "workspace_id" uuid NOT NULL,
        "purchase_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "series" text NOT NULL,
        "sequence" integer NOT NULL,
        "number" text NOT NULL,
        "issued_at" timestamptz NOT NULL,
        "country" text NOT NULL,
        "currency" text NOT NULL,
        "seller_name" text NOT NULL,
        "seller_name_ar" text NOT NULL,
        "seller_vat_number" text NOT NULL,
        "buyer_name" text,
        "buyer_vat_number" text,
        "lines" jsonb NOT NULL,
        "net" integer NOT NULL,
        "vat_rate" integer NOT NULL,
        "vat" integer NOT NULL,
        "total" integer NOT NULL,
        "zatca_qr" text,
        "demo" boolean NOT NULL,
        "credits_invoice_id" uuid REFERENCES "billing"."invoices" ("id"),
        CONSTRAINT "invoices_kind_ck" CHECK ("kind" IN ('invoice', 'credit_note')),
        CONSTRAINT "invoices_sum_ck" CHECK ("net" + "vat" = "total"),
        CONSTRAINT "invoices_number_uq" UNIQUE ("series", "sequence"),
        CONSTRAINT "invoices_purchase_kind_uq" UNIQUE ("purchase_id", "kind")
      )`);
    await queryRunner.query(
      `CREATE INDEX "invoices_workspace_issued_idx" ON "billing"."invoices" ("workspace_id", "issued_at" DESC, "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."invoices"`);
    await queryRunner.query(`DROP TABLE "billing"."invoice_counters"`);
    await queryRunner.query(`DROP TABLE "billing"."billing_profiles"`);
  }
}
