import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The answers of POSTs sent with an `Idempotency-Key` (docs/api.md, "Idempotency-Key"), shared by
 * every gateway replica. One row per caller, route and key: `in_progress` while the first request
 * runs (its replica renews `lease_until`; a replica that died stops renewing and the row may be
 * taken over), then `done` with the status and the exact bytes sent, kept 24 hours. The key is
 * stored only as a hash and the body encrypted with a key derived from it, so the table alone
 * gives back neither (a webhook's signing secret is in its creation answer).
 */
export class IdempotencyKeys1767300000000 implements MigrationInterface {
  name = 'IdempotencyKeys1767300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."idempotency_keys" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "scope" text NOT NULL,
        "method" text NOT NULL,
        "route" text NOT NULL,
        "key_hash" text NOT NULL,
        "request_hash" text NOT NULL,
        "state" text NOT NULL,
        "owner" uuid NOT NULL,
        "lease_until" timestamptz,
        "status" integer,
        "content_type" text,
        "body" bytea,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("id"),
        CONSTRAINT "idempotency_keys_state_ck" CHECK ("state" IN ('in_progress', 'done')),
        CONSTRAINT "idempotency_keys_uq" UNIQUE ("scope", "method", "route", "key_hash")
      )`);
    await queryRunner.query(
      `CREATE INDEX "idempotency_keys_expires_idx" ON "identity"."idempotency_keys" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."idempotency_keys"`);
  }
}
