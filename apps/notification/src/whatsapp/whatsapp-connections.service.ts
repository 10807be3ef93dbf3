import { Injectable } from '@nestjs/common';
import type { ConnectWhatsAppRequest, WhatsAppConnectionResponse } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { SecretBox } from '@app/platform';
import { notificationConfig } from '../config/notification.env';
import { WhatsAppApiError, WhatsAppCloudApi } from './whatsapp-cloud-api';
import type { WhatsAppSender } from './whatsapp-cloud-api';
import { WhatsAppConnectionsRepository } from './whatsapp-connections.repository';
import type { WhatsAppConnectionRow } from './whatsapp-connections.repository';

const NOT_CONNECTED: WhatsAppConnectionResponse = {
  object: 'whatsapp_connection',
  connected: false,
  enabled: false,
  phone_number_id: null,
  display_phone_number: null,
  verified_name: null,
  template: null,
  connected_at: null,
};

/**
 * Workspaces' own WhatsApp numbers, and the one rule for who sends a WhatsApp message: the
 * workspace's number when it connected one (nothing at all when it switched it off), else
 * the platform's number when the operator configured one, else no WhatsApp.
 */
@Injectable()
export class WhatsAppConnections {
  readonly api: WhatsAppCloudApi;
  /** Tokens must be read back to send with: sealed, not hashed (the webhook secrets' key). */
  private readonly box: SecretBox | null;
  private readonly platformSender: WhatsAppSender | null;

  constructor(
    private readonly connections: WhatsAppConnectionsRepository,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
  ) {
    this.api = new WhatsAppCloudApi(config.WHATSAPP_API_URL);
    this.box = config.WEBHOOK_SECRET_KEY ? new SecretBox(config.WEBHOOK_SECRET_KEY, 'WEBHOOK_SECRET_KEY') : null;
    this.platformSender =
      config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
        ? {
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: config.WHATSAPP_TOKEN,
            template: config.WHATSAPP_TEMPLATE,
          }
        : null;
  }

  async get(workspaceId: string): Promise<WhatsAppConnectionResponse> {
    const connection = await this.connections.find(workspaceId);
    return connection ? toResponse(connection) : NOT_CONNECTED;
  }

  /** Checks the number and token with the Cloud API first: a typo is refused now, not at the first inquiry. */
  async connect(request: ConnectWhatsAppRequest): Promise<WhatsAppConnectionResponse> {
    if (!this.box) {
      throw new AppError(
        'service_unavailable',
        'WhatsApp connections are not set up on this platform (WEBHOOK_SECRET_KEY).',
      );
    }
    const number = await this.api
      .describeNumber({ phoneNumberId: request.phone_number_id, accessToken: request.access_token })
      .catch((err: unknown) => {
        if (err instanceof WhatsAppApiError && err.status >= 400 && err.status < 500) {
          throw new AppError('validation_error', 'WhatsApp refused this access token for this phone number id.', {
            field: 'access_token',
          });
        }
        throw new AppError('service_unavailable', 'WhatsApp could not be reached to check the connection; try again.');
      });
    const connection = await this.connections.upsert({
      workspace_id: request.workspace_id,
      phone_number_id: request.phone_number_id,
      display_phone_number: number.display_phone_number,
      verified_name: number.verified_name,
      template: request.template ?? null,
      access_token_sealed: this.box.seal(request.access_token),
      enabled: request.enabled ?? true,
    });
    return toResponse(connection);
  }

  async disconnect(workspaceId: string): Promise<void> {
    if (!(await this.connections.delete(workspaceId))) {
      throw new AppError('not_found', 'This workspace has no WhatsApp connection.');
    }
  }

  /** Null: no WhatsApp for this workspace's members (read at planning and again at sending). */
  async senderFor(workspaceId: string | null): Promise<WhatsAppSender | null> {
    const connection = workspaceId ? await this.connections.find(workspaceId) : null;
    if (!connection) return this.platformSender;
    if (!connection.enabled || !this.box) return null;
    return {
      phoneNumberId: connection.phone_number_id,
      accessToken: this.box.open(connection.access_token_sealed),
      template: connection.template ?? this.config.WHATSAPP_TEMPLATE,
    };
  }
}

function toResponse(connection: WhatsAppConnectionRow): WhatsAppConnectionResponse {
  return {
    object: 'whatsapp_connection',
    connected: true,
    enabled: connection.enabled,
    phone_number_id: connection.phone_number_id,
    display_phone_number: connection.display_phone_number,
    verified_name: connection.verified_name,
    template: connection.template,
    connected_at: connection.connected_at.toISOString(),
  };
}
