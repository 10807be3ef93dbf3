import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbox, inbox and dead letters, created in the schema of whichever service runs it. */
export class CreateEventTables1763769600000 implements MigrationInterface {
  name = 'CreateEventTables1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."outbox" (
        "id" uuid PRIMARY KEY,
        "subject" text NOT NULL,
        "payload" jsonb NOT NULL,
        "request_id" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_idx" ON "${schema}"."outbox" ("created_at") WHERE "published_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "${schema}"."processed_events" (
        "consumer" text NOT NULL,
        "event_id" uuid NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "processed_events_pk" PRIMARY KEY ("consumer", "event_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."dead_letters" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "consumer" text NOT NULL,
        "event_id" uuid NOT NULL,
        "subject" text NOT NULL,
        "event" jsonb NOT NULL,
        "error" text NOT NULL,
        "attempts" int NOT NULL,
        "failed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "dead_letters_consumer_event_uq" UNIQUE ("consumer", "event_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`DROP TABLE "${schema}"."dead_letters"`);
    await queryRunner.query(`DROP TABLE "${schema}"."processed_events"`);
    await queryRunner.query(`DROP TABLE "${schema}"."outbox"`);
  }
}

function schemaOf(queryRunner: QueryRunner): string {
  const { schema } = queryRunner.dataSource.options as { schema?: string };
  if (!schema) throw new Error('A service DataSource must set its schema');
  return schema;
}

/** Where a traced request's span is kept with its event until the relay publishes it. */
export class AddOutboxTraceparent1795996800000 implements MigrationInterface {
  name = 'AddOutboxTraceparent1795996800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${schemaOf(queryRunner)}"."outbox" ADD COLUMN "traceparent" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${schemaOf(queryRunner)}"."outbox" DROP COLUMN "traceparent"`);
  }
}

/**
 * A committed insert into the outbox notifies `outbox_<schema>` (NOTIFY is delivered on commit, once
 * per statement), so the service's relay publishes at once instead of at its next sweep. A trigger
 * rather than a call in `Outbox.add`: every insert counts, a seed's or an operator's too.
 */
export class NotifyOutboxInserts1796083200000 implements MigrationInterface {
  name = 'NotifyOutboxInserts1796083200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE FUNCTION "${schema}"."outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_' || TG_TABLE_SCHEMA, '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "outbox_notify" AFTER INSERT ON "${schema}"."outbox" FOR EACH STATEMENT EXECUTE FUNCTION "${schema}"."outbox_notify"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`DROP TRIGGER "outbox_notify" ON "${schema}"."outbox"`);
    await queryRunner.query(`DROP FUNCTION "${schema}"."outbox_notify"()`);
  }
}

/** The channel a service's outbox trigger notifies. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

export const EVENT_MIGRATIONS = [
  CreateEventTables1763769600000,
  AddOutboxTraceparent1795996800000,
  NotifyOutboxInserts1796083200000,
];
