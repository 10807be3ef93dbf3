import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../access/access.decorators';
import { ConnectedAppsService } from './connected-apps.service';
import { ConnectedAppListResponse } from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

/** Who may call: any signed-in user (first-party access token), for their own connected apps only. */
@ApiTags('auth')
@Controller('me/connected-apps')
export class ConnectedAppsController {
  constructor(private readonly connectedApps: ConnectedAppsService) {}

  @Get()
  @Authenticated(['user'])
  @ApiRoute('Apps (AI assistants) you allowed through OAuth to use the MCP server for you', {
    200: ConnectedAppListResponse,
  })
  list(@CurrentPrincipal() principal: Principal) {
    return this.connectedApps.list(principal);
  }

  @Delete(':client_id')
  @HttpCode(204)
  @Authenticated(['user'])
  @ApiRoute('Disconnect an app: its access and refresh tokens stop working at once', {
    204: 'Disconnected.',
    404: '`not_found`: you have not connected this app.',
  })
  @ApiParam({ name: 'client_id', description: 'The app’s OAuth client id, as listed.' })
  disconnect(@CurrentPrincipal() principal: Principal, @Param('client_id') clientId: string) {
    return this.connectedApps.disconnect(principal, clientId);
  }
}
