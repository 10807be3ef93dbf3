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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
