import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BrokerKind } from '@app/contracts';

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
