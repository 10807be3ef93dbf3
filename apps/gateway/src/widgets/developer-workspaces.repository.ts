import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { IDENTITY_DATABASE } from '../database/identity.database';

/**
 * Projects, the widget and its inbox are for developer workspaces (decisions.md): a broker
 * workspace, or an account without one, is refused with 403 forbidden.
 */
@Injectable()
export class DeveloperWorkspacesRepository {
  constructor(@InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource) {}

  async workspaceOf(principal: Principal): Promise<string> {
    const workspaceId = principal.workspaceId;
    if (!workspaceId) throw new AppError('forbidden', 'This needs a developer workspace.');
    const rows = await this.dataSource.query<{ kind: string }[]>(`SELECT kind FROM identity.workspaces WHERE id = $1`, [
      workspaceId,
    ]);
    if (rows[0]?.kind !== 'developer')
      throw new AppError('forbidden', 'The widget and its inbox are for developer workspaces.');
    return workspaceId;
  }
}
