import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { toConnectedAppListDto } from './connected-app.dto';
import type { ConnectedAppListDto } from './connected-app.dto';
import { ConnectedAppsRepository } from './connected-apps.repository';

/** The OAuth apps (MCP clients) a user allowed, and disconnecting one: its tokens stop working at once. */
@Injectable()
export class ConnectedAppsService {
  private readonly logger = new Logger(ConnectedAppsService.name);

  constructor(private readonly connectedApps: ConnectedAppsRepository) {}

  async list(principal: Principal): Promise<ConnectedAppListDto> {
    return toConnectedAppListDto(await this.connectedApps.list(principal.accountId));
  }

  async disconnect(principal: Principal, clientId: string): Promise<void> {
    const revoked = await this.connectedApps.revoke(principal.accountId, clientId);
    if (revoked === 0) throw new AppError('not_found', 'No connected app with this client id.');
    this.logger.log({ account_id: principal.accountId, client_id: clientId }, 'Connected app disconnected');
  }
}
