import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * These tables exist in every service's own schema (the DataSource's `schema` option
 * places them), so a service's events commit with its data and nobody reads across schemas.
 */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['createdAt'], { where: 'published_at IS NULL' })
export class OutboxMessage {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  subject: string;

  @Column('jsonb')
  payload: unknown;

  @Column('text', { name: 'request_id', nullable: true })
  requestId: string | null;

  /** The span that wrote the row (W3C `traceparent`), when tracing: the relay's publish continues it. */
  @Column('text', { nullable: true })
  traceparent: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt: Date | null;
}

/** Events a consumer has settled (handled or dead-lettered): the idempotency record. */
@Entity({ name: 'processed_events' })
export class ProcessedEvent {
  @PrimaryColumn('text')
  consumer: string;

  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}

/** An event that failed its last retry, kept for an operator to inspect and replay. */
@Entity({ name: 'dead_letters' })
@Index('dead_letters_consumer_event_uq', ['consumer', 'eventId'], { unique: true })
export class DeadLetter {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  consumer: string;

  @Column('uuid', { name: 'event_id' })
  eventId: string;

  @Column('text')
  subject: string;

  @Column('jsonb')
  event: unknown;

  @Column('text')
  error: string;

  @Column('int')
  attempts: number;

  @CreateDateColumn({ name: 'failed_at', type: 'timestamptz' })
  failedAt: Date;
}

export const EVENT_ENTITIES = [OutboxMessage, ProcessedEvent, DeadLetter];
