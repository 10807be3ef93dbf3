import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  ConnectWhatsAppRequest,
  NOTIFICATION_WHATSAPP_CONNECT_PATTERN,
  NOTIFICATION_WHATSAPP_DISCONNECT_PATTERN,
  NOTIFICATION_WHATSAPP_GET_PATTERN,
  WhatsAppWorkspaceRequest,
} from '@app/contracts';
import type { WhatsAppConnectionResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { WhatsAppConnections } from './whatsapp-connections.service';

@Controller()
export class WhatsAppController {
  constructor(private readonly connections: WhatsAppConnections) {}

  @MessagePattern(NOTIFICATION_WHATSAPP_GET_PATTERN)
  get(@MessageData() request: WhatsAppWorkspaceRequest): Promise<WhatsAppConnectionResponse> {
    return this.connections.get(request.workspace_id);
  }

  @MessagePattern(NOTIFICATION_WHATSAPP_CONNECT_PATTERN)
  connect(@MessageData() request: ConnectWhatsAppRequest): Promise<WhatsAppConnectionResponse> {
    return this.connections.connect(request);
  }

  @MessagePattern(NOTIFICATION_WHATSAPP_DISCONNECT_PATTERN)
  async disconnect(@MessageData() request: WhatsAppWorkspaceRequest): Promise<{ deleted: true }> {
    await this.connections.disconnect(request.workspace_id);
    return { deleted: true };
  }
}
