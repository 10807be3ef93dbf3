import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AccountRole, BrokerKind, Language } from '@app/contracts';

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** As typed at sign-up, for display. */
  @Column('text')
  email: string;

  /** Lower-cased: the unique key, so sign-up and login ignore case. */
  @Column('text', { name: 'email_normalized', unique: true })
  emailNormalized: string;

  /** argon2id; never leaves this service. */
  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Column('text')
  name: string;

  /** E.164 (+9665…, +9715…). */
  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text')
  role: AccountRole;

  @Column('text', { name: 'broker_kind', nullable: true })
  brokerKind: BrokerKind | null;

  @Column('text', { default: 'en' })
  language: Language;

  /** Platform staff (moderators), created by a command, never by sign-up. */
  @Column('boolean', { name: 'is_staff', default: false })
  isStaff: boolean;

  /** Null until the mailed link is used (sign-up only; every other way in is verified). */
  @Column('timestamptz', { name: 'email_verified_at', nullable: true, default: () => 'now()' })
  emailVerifiedAt: Date | null;

  /** Set when the person deleted the account: the row stays, anonymised, for the records that name it. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
