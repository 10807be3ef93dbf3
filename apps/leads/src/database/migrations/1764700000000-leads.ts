import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leads, inquiry threads, viewing slots, bookings and surveys. Listings live in the
 * catalogue: `listing_id` and `workspace_id` are copies, never foreign keys across schemas.
 */
export class Leads1764700000000 implements MigrationInterface {
  name = 'Leads1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One buyer on one listing. Charged once (billing keys the debit on the lead id); locked until then.
    await queryRunner.query(`
      CREATE TABLE "leads"."leads" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "buyer_id" uuid NOT NULL,
        "buyer_name" text NOT NULL,
        "buyer_email" text NOT NULL,
        "buyer_phone" text,
        "preferred_contact" text NOT NULL DEFAULT 'whatsapp',
        "source" text NOT NULL,
        "stage" text NOT NULL DEFAULT 'new',
        "outcome" text,
        "locked" boolean NOT NULL DEFAULT true,
        "charged_at" timestamptz,
        "ledger_entry_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "leads_buyer_listing_uq" UNIQUE ("listing_id", "buyer_id"),
        CONSTRAINT "leads_stage_ck" CHECK ("stage" IN ('new', 'contacted', 'viewing', 'negotiating', 'closed')),
        CONSTRAINT "leads_outcome_ck" CHECK ("outcome" IN ('bought', 'still_interested', 'not_interested')),
        CONSTRAINT "leads_source_ck" CHECK ("source" IN ('inquiry', 'booking', 'phone_reveal')),
        CONSTRAINT "leads_preferred_contact_ck" CHECK ("preferred_contact" IN ('whatsapp', 'phone', 'email'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "leads_workspace_created_idx" ON "leads"."leads" ("workspace_id", "created_at" DESC, "id")`,
    );
    // The unlock sweep: a workspace's locked leads, oldest first.
    await queryRunner.query(
      `CREATE INDEX "leads_locked_idx" ON "leads"."leads" ("workspace_id", "created_at", "id") WHERE "locked"`,
    );

    await queryRunner.query(`
      CREATE TABLE "leads"."inquiries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "lead_id" uuid NOT NULL REFERENCES "leads"."leads" ("id"),
        "workspace_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "buyer_id" uuid NOT NULL,
        "broker_id" uuid,
        "question" text NOT NULL,
        "preferred_contact" text NOT NULL,
        "status" text NOT NULL DEFAULT 'open',
        "closed_reason" text,
        "last_message_at" timestamptz NOT NULL DEFAULT now(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "inquiries_status_ck" CHECK ("status" IN ('open', 'replied', 'closed')),
        CONSTRAINT "inquiries_closed_reason_ck"
          CHECK ("closed_reason" IN ('buyer', 'broker', 'listing_deleted', 'expired')),
        CONSTRAINT "inquiries_closed_has_reason_ck" CHECK (("status" = 'closed') = ("closed_reason" IS NOT NULL))
      )`);
    // The rate limit counts a buyer's inquiries of the last hour.
    await queryRunner.query(
      `CREATE INDEX "inquiries_buyer_created_idx" ON "leads"."inquiries" ("buyer_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "inquiries_workspace_activity_idx" ON "leads"."inquiries" ("workspace_id", "last_message_at" DESC, "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inquiries_listing_idx" ON "leads"."inquiries" ("listing_id") WHERE "status" <> 'closed'`,
    );
    // The expiry sweep: threads still open by their last message.
    await queryRunner.query(
      `CREATE INDEX "inquiries_unclosed_activity_idx" ON "leads"."inquiries" ("last_message_at") WHERE "status" <> 'closed'`,
    );

    await queryRunner.query(`
      CREATE TABLE "leads"."inquiry_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "inquiry_id" uuid NOT NULL REFERENCES "leads"."inquiries" ("id") ON DELETE CASCADE,
        "author_id" uuid NOT NULL,
        "side" text NOT NULL,
        "body" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "inquiry_messages_side_ck" CHECK ("side" IN ('buyer', 'broker'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "inquiry_messages_thread_idx" ON "leads"."inquiry_messages" ("inquiry_id", "created_at", "id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "leads"."slots" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "time_zone" text NOT NULL,
        "starts_at" timestamptz NOT NULL,
        "duration_minutes" int NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "slots_listing_start_uq" UNIQUE ("listing_id", "starts_at")
      )`);
    await queryRunner.query(`
      CREATE TABLE "leads"."slot_rules" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "time_zone" text NOT NULL,
        "weekday" int NOT NULL,
        "local_time" text NOT NULL,
        "duration_minutes" int NOT NULL,
        "valid_from" date NOT NULL,
        "valid_until" date,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "slot_rules_weekday_ck" CHECK ("weekday" BETWEEN 0 AND 6),
        CONSTRAINT "slot_rules_period_ck" CHECK ("valid_until" IS NULL OR "valid_until" >= "valid_from")
      )`);
    await queryRunner.query(`CREATE INDEX "slot_rules_listing_idx" ON "leads"."slot_rules" ("listing_id")`);

    await queryRunner.query(`
      CREATE TABLE "leads"."bookings" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "lead_id" uuid NOT NULL REFERENCES "leads"."leads" ("id"),
        "workspace_id" uuid NOT NULL,
        "listing_id" uuid NOT NULL,
        "buyer_id" uuid NOT NULL,
        "broker_id" uuid,
        "time_zone" text NOT NULL,
        "scheduled_at" timestamptz NOT NULL,
        "duration_minutes" int NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "user_phone" text,
        "notes" text,
        "reason" text,
        "proposed_at" timestamptz,
        "rescheduled_from" uuid REFERENCES "leads"."bookings" ("id"),
        "rescheduled_to" uuid REFERENCES "leads"."bookings" ("id"),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "bookings_status_ck" CHECK ("status" IN
          ('pending', 'confirmed', 'rejected', 'proposed', 'cancelled', 'completed', 'rescheduled'))
      )`);
    // One active booking per slot, whoever races for it: the database decides (409 slot_already_booked).
    await queryRunner.query(
      `CREATE UNIQUE INDEX "bookings_active_slot_uq" ON "leads"."bookings" ("listing_id", "scheduled_at")
       WHERE "status" IN ('pending', 'confirmed')`,
    );
    await queryRunner.query(
      `CREATE INDEX "bookings_workspace_idx" ON "leads"."bookings" ("workspace_id", "scheduled_at" DESC, "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "bookings_buyer_idx" ON "leads"."bookings" ("buyer_id", "scheduled_at" DESC, "id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "leads"."surveys" (
        "booking_id" uuid PRIMARY KEY REFERENCES "leads"."bookings" ("id"),
        "buyer_id" uuid NOT NULL,
        "rating" int NOT NULL,
        "outcome" text,
        "comment" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "surveys_rating_ck" CHECK ("rating" BETWEEN 1 AND 5),
        CONSTRAINT "surveys_outcome_ck" CHECK ("outcome" IN ('bought', 'still_interested', 'not_interested'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['surveys', 'bookings', 'slot_rules', 'slots', 'inquiry_messages', 'inquiries', 'leads'])
      await queryRunner.query(`DROP TABLE "leads"."${table}"`);
  }
}
