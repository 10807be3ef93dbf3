import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A workspace's API key. Only hashes are stored; the secret is shown once. After a
 * rotation the previous secret keeps working until `previousExpiresAt` (24 hours).
 */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'workspace_id' })
  workspaceId: string;

  @Column('text')
  label: string;

  /** The first characters of the current secret (`sk-AbCd`), so people can tell keys apart. */
  @Column('text')
  prefix: string;

  @Column('text', { name: 'secret_hash', unique: true })
  secretHash: string;

  @Column('text', { name: 'previous_secret_hash', unique: true, nullable: true })
  previousSecretHash: string | null;

  @Column('timestamptz', { name: 'previous_expires_at', nullable: true })
  previousExpiresAt: Date | null;

  @Column('uuid', { name: 'created_by' })
  createdBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
