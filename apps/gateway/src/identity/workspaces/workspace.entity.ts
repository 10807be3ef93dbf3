import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BrokerKind, Language } from '@app/contracts';

export type WorkspaceKind = 'broker' | 'developer';

@Entity({ name: 'workspaces' })
export class Workspace {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @Column('text')
  kind: WorkspaceKind;

  /** Broker workspaces: individual licence or company register. */
  @Column('text', { name: 'broker_kind', nullable: true })
  brokerKind: BrokerKind | null;

  /** The language of what the platform writes for the workspace when no person's language applies. */
  @Column('text', { name: 'default_language', default: 'en' })
  defaultLanguage: Language;

  /** IANA zone for the workspace's times (viewing slots default to it). */
  @Column('text', { name: 'time_zone', default: 'Asia/Riyadh' })
  timeZone: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
