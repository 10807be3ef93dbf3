import { Body, Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ConnectWhatsAppBody, WhatsAppConnectionResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { WhatsAppService } from './whatsapp.service';

/** The workspace's own WhatsApp Business number, from which its members' WhatsApp notifications go out. */
@ApiTags('notifications')
@Authenticated(['user', 'api_key'], 'workspace:settings')
@Controller('workspace/whatsapp')
export class WhatsAppController {
  constructor(private readonly whatsapp: WhatsAppService) {}

  @Get()
  @ApiOperation({ summary: "The workspace's WhatsApp connection (never its token)" })
  @ApiOkResponse({ type: WhatsAppConnectionResponse })
  get(@CurrentPrincipal() principal: Principal): Promise<WhatsAppConnectionResponse> {
    return this.whatsapp.get(principal);
  }

  @Put()
  @ApiOperation({
    summary: 'Connect (or replace) the WhatsApp Business number',
    description:
      'The number and token are checked with the WhatsApp Cloud API first. From then on, inquiry, booking and ' +
      'website-chat notifications to members who enabled WhatsApp go out from this number.',
  })
  @ApiOkResponse({ type: WhatsAppConnectionResponse })
  @ApiUnprocessableEntityResponse({
    description: '`validation_error` with `field` (WhatsApp refused the token for this phone number id)',
  })
  @ApiServiceUnavailableResponse({
    description: '`service_unavailable`: WhatsApp could not be reached, or connections are not set up here',
  })
  connect(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ConnectWhatsAppBody,
  ): Promise<WhatsAppConnectionResponse> {
    return this.whatsapp.connect(principal, body);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Disconnect: nothing more is sent from this number, queued messages included' })
  @ApiNoContentResponse({ description: 'Disconnected' })
  @ApiNotFoundResponse({ description: '`not_found`: the workspace has no WhatsApp connection' })
  disconnect(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.whatsapp.disconnect(principal);
  }
}
