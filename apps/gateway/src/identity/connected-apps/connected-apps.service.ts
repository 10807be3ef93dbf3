import { Injectable, Logger } from '@nestjs/common';
import type { ConnectedAppListResponse, Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { ConnectedAppsRepository } from './connected-apps.repository';
import { toConnectedAppListResponse } from './connected-app.mapper';

/** The OAuth apps (MCP clients) a user allowed, and disconnecting one: its tokens stop working at once. */
@Injectable()
export class ConnectedAppsService {
  private readonly logger = new Logger(ConnectedAppsService.name);

  constructor(private readonly connectedApps: ConnectedAppsRepository) {}

  async list(principal: Principal): Promise<ConnectedAppListResponse> {
    return toConnectedAppListResponse(await this.connectedApps.list(principal.accountId));
  }

  async disconnect(principal: Principal, clientId: string): Promise<void> {
    const revoked = await this.connectedApps.revoke(principal.accountId, clientId);
    if (revoked === 0) throw new AppError('not_found', 'No connected app with this client id.');
    this.logger.log({ account_id: principal.accountId, client_id: clientId }, 'Connected app disconnected');
  }
}
