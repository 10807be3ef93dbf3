import { Injectable } from '@nestjs/common';
import { WhatsAppRpc } from '@app/contracts';
import type { ConnectWhatsAppBody, Principal, WhatsAppConnectionResponse } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { workspaceOf } from '../identity/access/principal-workspace';

/** The workspace's own WhatsApp Business number, kept by the notification service. */
@Injectable()
export class WhatsAppService {
  constructor(private readonly rpc: RpcClient) {}

  get(principal: Principal): Promise<WhatsAppConnectionResponse> {
    return this.rpc.call(WhatsAppRpc.get, { workspace_id: workspaceOf(principal) });
  }

  connect(principal: Principal, body: ConnectWhatsAppBody): Promise<WhatsAppConnectionResponse> {
    return this.rpc.call(WhatsAppRpc.connect, { ...body, workspace_id: workspaceOf(principal) });
  }

  async disconnect(principal: Principal): Promise<void> {
    await this.rpc.call(WhatsAppRpc.disconnect, { workspace_id: workspaceOf(principal) });
  }
}
