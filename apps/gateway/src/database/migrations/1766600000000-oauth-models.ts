import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OAuth authorization server's store (oidc-provider's adapter): clients, grants, sessions,
 * interactions, codes and tokens, one row per model, shared by every gateway replica.
 * `grant_id` revokes a grant's tokens at once; `account_id` lists a user's connected apps.
 */
export class OAuthModels1766600000000 implements MigrationInterface {
  name = 'OAuthModels1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."oauth_models" (
        "kind" text NOT NULL,
        "id" text NOT NULL,
        "payload" jsonb NOT NULL,
        "grant_id" text,
        "uid" text,
        "user_code" text,
        "account_id" text,
        "client_id" text,
        "expires_at" timestamptz,
        "consumed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "oauth_models_pk" PRIMARY KEY ("kind", "id")
      )`);
    await queryRunner.query(`CREATE INDEX "oauth_models_grant_idx" ON "identity"."oauth_models" ("grant_id")`);
    await queryRunner.query(`CREATE INDEX "oauth_models_uid_idx" ON "identity"."oauth_models" ("uid")`);
    await queryRunner.query(
      `CREATE INDEX "oauth_models_account_idx" ON "identity"."oauth_models" ("account_id", "client_id") WHERE "kind" = 'Grant'`,
    );
    await queryRunner.query(`CREATE INDEX "oauth_models_expires_idx" ON "identity"."oauth_models" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."oauth_models"`);
  }
}
