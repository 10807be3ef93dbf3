import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { WorkspaceRole } from '@app/contracts';

/** Single use, expiring; only the token's hash is stored. */
@Entity({ name: 'invitations' })
export class Invitation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'workspace_id' })
  workspaceId: string;

  @Column('text', { name: 'email_normalized' })
  emailNormalized: string;

  @Column('text')
  role: Exclude<WorkspaceRole, 'owner'>;

  @Column('text', { name: 'token_hash', unique: true })
  tokenHash: string;

  @Column('uuid', { name: 'invited_by' })
  invitedBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
