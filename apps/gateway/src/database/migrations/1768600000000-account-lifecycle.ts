import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account lifecycle (issue 25): e-mail verification, password reset, account deletion
 * (`deleted_at`: the row stays, anonymised, so leads keep a "deleted user"), workspace settings.
 * A deleted workspace's row goes (memberships, invitations and keys with it, by cascade).
 *
 * `email_verified_at` defaults to now(): accounts that exist already, accounts joining by an
 * invitation (the link came by e-mail), moderators and the demo are verified; sign-up alone
 * stores NULL until the mailed link is used. Verification and reset tokens are stored as
 * sha256 hashes only, single-use (`used_at`) and short-lived (`expires_at`).
 */
export class AccountLifecycle1768600000000 implements MigrationInterface {
  name = 'AccountLifecycle1768600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "identity"."accounts"
        ADD COLUMN "email_verified_at" timestamptz DEFAULT now(),
        ADD COLUMN "deleted_at" timestamptz`);
    await queryRunner.query(`
      ALTER TABLE "identity"."workspaces"
        ADD COLUMN "default_language" text NOT NULL DEFAULT 'en',
        ADD COLUMN "time_zone" text NOT NULL DEFAULT 'Asia/Riyadh'`);
    await queryRunner.query(`
      CREATE TABLE "identity"."account_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL REFERENCES "identity"."accounts" ("id") ON DELETE CASCADE,
        "purpose" text NOT NULL CHECK ("purpose" IN ('email_verification', 'password_reset')),
        "token_hash" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "account_tokens_pk" PRIMARY KEY ("id"),
        CONSTRAINT "account_tokens_hash_uq" UNIQUE ("token_hash")
      )`);
    await queryRunner.query(
      `CREATE INDEX "account_tokens_account_idx" ON "identity"."account_tokens" ("account_id", "purpose")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."account_tokens"`);
    await queryRunner.query(
      `ALTER TABLE "identity"."workspaces" DROP COLUMN "deleted_at", DROP COLUMN "time_zone", DROP COLUMN "default_language"`,
    );
    await queryRunner.query(
      `ALTER TABLE "identity"."accounts" DROP COLUMN "deleted_at", DROP COLUMN "email_verified_at"`,
    );
  }
}
