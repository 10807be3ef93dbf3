import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdentity1763805600000 implements MigrationInterface {
  name = 'CreateIdentity1763805600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."accounts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "email_normalized" text NOT NULL,
        "password_hash" text NOT NULL,
        "name" text NOT NULL,
        "phone" text,
        "role" text NOT NULL,
        "broker_kind" text,
        "language" text NOT NULL DEFAULT 'en',
        "is_staff" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "accounts_email_normalized_uq" UNIQUE ("email_normalized"),
        CONSTRAINT "accounts_role_ck" CHECK ("role" IN ('buyer', 'investor', 'seller', 'broker', 'developer')),
        CONSTRAINT "accounts_broker_kind_ck" CHECK (
          ("role" = 'broker' AND "broker_kind" IN ('individual', 'company')) OR ("role" <> 'broker' AND "broker_kind" IS NULL)),
        CONSTRAINT "accounts_language_ck" CHECK ("language" IN ('en', 'ar'))
      )`);
    await queryRunner.query(`
      CREATE TABLE "identity"."workspaces" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "kind" text NOT NULL,
        "broker_kind" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "workspaces_kind_ck" CHECK ("kind" IN ('broker', 'developer'))
      )`);
    await queryRunner.query(`
      CREATE TABLE "identity"."memberships" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL REFERENCES "identity"."workspaces" ("id") ON DELETE CASCADE,
        "account_id" uuid NOT NULL REFERENCES "identity"."accounts" ("id") ON DELETE CASCADE,
        "role" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "memberships_account_uq" UNIQUE ("account_id"),
        CONSTRAINT "memberships_role_ck" CHECK ("role" IN ('owner', 'admin', 'agent'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "memberships_one_owner_uq" ON "identity"."memberships" ("workspace_id") WHERE "role" = 'owner'`,
    );
    await queryRunner.query(`CREATE INDEX "memberships_workspace_idx" ON "identity"."memberships" ("workspace_id")`);
    await queryRunner.query(`
      CREATE TABLE "identity"."invitations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL REFERENCES "identity"."workspaces" ("id") ON DELETE CASCADE,
        "email_normalized" text NOT NULL,
        "role" text NOT NULL,
        "token_hash" text NOT NULL,
        "invited_by" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "accepted_at" timestamptz,
        "revoked_at" timestamptz,
        CONSTRAINT "invitations_token_hash_uq" UNIQUE ("token_hash"),
        CONSTRAINT "invitations_role_ck" CHECK ("role" IN ('admin', 'agent'))
      )`);
    await queryRunner.query(`CREATE INDEX "invitations_workspace_idx" ON "identity"."invitations" ("workspace_id")`);
    await queryRunner.query(`
      CREATE TABLE "identity"."refresh_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL REFERENCES "identity"."accounts" ("id") ON DELETE CASCADE,
        "family_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "revoked_at" timestamptz,
        CONSTRAINT "refresh_tokens_token_hash_uq" UNIQUE ("token_hash")
      )`);
    await queryRunner.query(`CREATE INDEX "refresh_tokens_family_idx" ON "identity"."refresh_tokens" ("family_id")`);
    await queryRunner.query(`
      CREATE TABLE "identity"."api_keys" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL REFERENCES "identity"."workspaces" ("id") ON DELETE CASCADE,
        "label" text NOT NULL,
        "prefix" text NOT NULL,
        "secret_hash" text NOT NULL,
        "previous_secret_hash" text,
        "previous_expires_at" timestamptz,
        "created_by" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz,
        "revoked_at" timestamptz,
        CONSTRAINT "api_keys_secret_hash_uq" UNIQUE ("secret_hash"),
        CONSTRAINT "api_keys_previous_secret_hash_uq" UNIQUE ("previous_secret_hash")
      )`);
    await queryRunner.query(`CREATE INDEX "api_keys_workspace_idx" ON "identity"."api_keys" ("workspace_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['api_keys', 'refresh_tokens', 'invitations', 'memberships', 'workspaces', 'accounts']) {
      await queryRunner.query(`DROP TABLE "identity"."${table}"`);
    }
  }
}
