import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ListingFlag, ModerationAction } from '@app/contracts';

/** Every moderation step of a listing: who (null = the system), what, why, and the flags seen. */
@Entity({ name: 'moderation_log' })
export class ModerationLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** No foreign key: the log outlives a deleted listing. */
  @Column('uuid')
  listing_id: string;

  @Column('uuid', { nullable: true })
  moderator_id: string | null;

  @Column('text')
  action: ModerationAction;

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('jsonb', { nullable: true })
  flags: ListingFlag[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
