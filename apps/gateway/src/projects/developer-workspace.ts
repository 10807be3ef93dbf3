import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { workspaceOf } from '../identity/access/principal-workspace';

/**
 * Projects are for developer workspaces (decisions.md): the guard has checked the permission;
 * this checks the workspace's kind, read fresh (a key's workspace is as its user's). A broker
 * workspace is refused with 403 `forbidden`.
 */
@Injectable()
export class DeveloperWorkspaces {
  constructor(@InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource) {}

  async of(principal: Principal): Promise<string> {
    const workspaceId = workspaceOf(principal);
    const rows = await this.dataSource.query<{ kind: string }[]>(`SELECT kind FROM identity.workspaces WHERE id = $1`, [
      workspaceId,
    ]);
    if (rows[0]?.kind !== 'developer') {
      throw new AppError('forbidden', 'Projects are for developer workspaces.');
    }
    return workspaceId;
  }
}
