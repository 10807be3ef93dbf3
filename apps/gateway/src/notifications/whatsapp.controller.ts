import { Body, Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ConnectWhatsAppBody, WhatsAppConnectionResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { WhatsAppService } from './whatsapp.service';
import { ApiRoute } from '../openapi/api-route.decorator';

/** The workspace's own WhatsApp Business number, from which its members' WhatsApp notifications go out. */
@ApiTags('notifications')
@Authenticated(['user', 'api_key'], 'workspace:settings')
@Controller('workspace/whatsapp')
export class WhatsAppController {
  constructor(private readonly whatsapp: WhatsAppService) {}

  @Get()
  @ApiRoute("The workspace's WhatsApp connection (never its token)", { 200: WhatsAppConnectionResponse })
  get(@CurrentPrincipal() principal: Principal) {
    return this.whatsapp.get(principal);
  }

  @Put()
  @ApiRoute('Connect (or replace) the WhatsApp Business number', {
    description:
      'The number and token are checked with the WhatsApp Cloud API first. From then on, inquiry, booking and ' +
      'website-chat notifications to members who enabled WhatsApp go out from this number.',
    200: WhatsAppConnectionResponse,
    422: '`validation_error` with `field` (WhatsApp refused the token for this phone number id)',
    503: '`service_unavailable`: WhatsApp could not be reached, or connections are not set up here',
  })
  connect(@CurrentPrincipal() principal: Principal, @Body() body: ConnectWhatsAppBody) {
    return this.whatsapp.connect(principal, body);
  }

  @Delete()
  @HttpCode(204)
  @ApiRoute('Disconnect: nothing more is sent from this number, queued messages included', {
    204: 'Disconnected',
    404: '`not_found`: the workspace has no WhatsApp connection',
  })
  disconnect(@CurrentPrincipal() principal: Principal) {
    return this.whatsapp.disconnect(principal);
  }
}
