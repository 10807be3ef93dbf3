import { Controller } from '@nestjs/common';
import { ConnectWhatsAppRequest, WhatsAppWorkspaceRequest, WhatsAppRpc } from '@app/contracts';
import type { WhatsAppConnectionResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { WhatsAppConnections } from './whatsapp-connections.service';

@Controller()
export class WhatsAppController {
  constructor(private readonly connections: WhatsAppConnections) {}

  @RpcHandler(WhatsAppRpc.get)
  get(@MessageData() request: WhatsAppWorkspaceRequest): Promise<WhatsAppConnectionResponse> {
    return this.connections.get(request.workspace_id);
  }

  @RpcHandler(WhatsAppRpc.connect)
  connect(@MessageData() request: ConnectWhatsAppRequest): Promise<WhatsAppConnectionResponse> {
    return this.connections.connect(request);
  }

  @RpcHandler(WhatsAppRpc.disconnect)
  async disconnect(@MessageData() request: WhatsAppWorkspaceRequest): Promise<{ deleted: true }> {
    await this.connections.disconnect(request.workspace_id);
    return { deleted: true };
  }
}
