import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan } from 'typeorm';
import type { Repository } from 'typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { Workspace } from '../workspaces/workspace.entity';
import type { WorkspaceKind } from '../workspaces/workspace.entity';
import { ApiKey } from './api-key.entity';

export interface NewApiKey {
  workspaceId: string;
  label: string;
  prefix: string;
  secretHash: string;
  createdBy: string;
}

export interface RotatedSecret {
  prefix: string;
  secretHash: string;
  previousExpiresAt: Date;
}

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKey, IDENTITY_DATABASE) private readonly keys: Repository<ApiKey>) {}

  /** The unrevoked key whose current secret, or previous secret still in its overlap, has this hash. */
  findUsableBySecretHash(hash: string, now: Date): Promise<ApiKey | null> {
    return this.keys.findOne({
      where: [
        { secretHash: hash, revokedAt: IsNull() },
        { previousSecretHash: hash, previousExpiresAt: MoreThan(now), revokedAt: IsNull() },
      ],
    });
  }

  async touchLastUsed(id: string, at: Date): Promise<void> {
    await this.keys.update({ id }, { lastUsedAt: at });
  }

  /** The workspace's kind, or nothing when it does not exist. */
  async findWorkspaceKind(workspaceId: string): Promise<WorkspaceKind | null> {
    const workspace = await this.keys.manager
      .getRepository(Workspace)
      .findOne({ select: { id: true, kind: true }, where: { id: workspaceId } });
    return workspace?.kind ?? null;
  }

  /** The workspace's unrevoked keys, newest first. */
  listActive(workspaceId: string): Promise<ApiKey[]> {
    return this.keys.find({
      where: { workspaceId, revokedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /** The workspace's key, revoked or not. */
  findInWorkspace(id: string, workspaceId: string): Promise<ApiKey | null> {
    return this.keys.findOne({ where: { id, workspaceId } });
  }

  findActive(id: string, workspaceId: string): Promise<ApiKey | null> {
    return this.keys.findOne({ where: { id, workspaceId, revokedAt: IsNull() } });
  }

  create(key: NewApiKey): Promise<ApiKey> {
    return this.keys.save(this.keys.create({ ...key, lastUsedAt: null, revokedAt: null }));
  }

  /**
   * The current secret becomes the previous one (valid until `previousExpiresAt`) and the new
   * one becomes current, in one statement; a previous secret from an earlier rotation ends now.
   * Nothing when the key is not the workspace's or is revoked.
   */
  async rotate(id: string, workspaceId: string, next: RotatedSecret): Promise<ApiKey | null> {
    const result = await this.keys
      .createQueryBuilder()
      .update(ApiKey)
      .set({
        previousSecretHash: () => 'secret_hash',
        secretHash: next.secretHash,
        prefix: next.prefix,
        previousExpiresAt: next.previousExpiresAt,
      })
      .where('id = :id AND workspace_id = :workspaceId AND revoked_at IS NULL', { id, workspaceId })
      .execute();
    return result.affected ? this.findActive(id, workspaceId) : null;
  }

  /** Whether an unrevoked key of this workspace was revoked now. */
  async revoke(id: string, workspaceId: string, at: Date): Promise<boolean> {
    const result = await this.keys.update({ id, workspaceId, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }
}
