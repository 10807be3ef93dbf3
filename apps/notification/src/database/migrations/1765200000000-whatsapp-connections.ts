import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A workspace's own WhatsApp number (one per workspace; the token sealed with
 * WEBHOOK_SECRET_KEY), and the workspace a delivery was planned for, so the sender
 * resolves the number to send from at send time (a disconnect stops what is queued).
 */
export class WhatsAppConnections1765200000000 implements MigrationInterface {
  name = 'WhatsAppConnections1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notification"."whatsapp_connections" (
        "workspace_id" uuid PRIMARY KEY,
        "phone_number_id" text NOT NULL,
        "display_phone_number" text,
        "verified_name" text,
        "template" text,
        "access_token_sealed" text NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "connected_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`ALTER TABLE "notification"."deliveries" ADD COLUMN "workspace_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification"."deliveries" DROP COLUMN "workspace_id"`);
    await queryRunner.query(`DROP TABLE "notification"."whatsapp_connections"`);
  }
}
