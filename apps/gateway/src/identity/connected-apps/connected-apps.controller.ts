import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../access/access.decorators';
import { ConnectedAppsService } from './connected-apps.service';
import { ConnectedAppListResponse } from '@app/contracts';

/** Who may call: any signed-in user (first-party access token), for their own connected apps only. */
@ApiTags('auth')
@Controller('me/connected-apps')
export class ConnectedAppsController {
  constructor(private readonly connectedApps: ConnectedAppsService) {}

  @Get()
  @Authenticated(['user'])
  @ApiOperation({ summary: 'Apps (AI assistants) you allowed through OAuth to use the MCP server for you' })
  @ApiOkResponse({ type: ConnectedAppListResponse })
  list(@CurrentPrincipal() principal: Principal): Promise<ConnectedAppListResponse> {
    return this.connectedApps.list(principal);
  }

  @Delete(':client_id')
  @HttpCode(204)
  @Authenticated(['user'])
  @ApiOperation({ summary: 'Disconnect an app: its access and refresh tokens stop working at once' })
  @ApiParam({ name: 'client_id', description: 'The app’s OAuth client id, as listed.' })
  @ApiNoContentResponse({ description: 'Disconnected.' })
  @ApiNotFoundResponse({ description: '`not_found`: you have not connected this app.' })
  disconnect(@CurrentPrincipal() principal: Principal, @Param('client_id') clientId: string): Promise<void> {
    return this.connectedApps.disconnect(principal, clientId);
  }
}
