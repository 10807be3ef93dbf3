import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { RecipientsRequest, IdentityRpc } from '@app/contracts';
import type { Recipient, RecipientsResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';

/**
 * Identity is the gateway's: the notification service asks here whom to write to (name,
 * e-mail, phone, language), by account or by workspace role, and keeps no copy.
 */
@Controller()
export class RecipientsController {
  constructor(@InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource) {}

  @RpcHandler(IdentityRpc.recipients)
  async recipients(@MessageData() request: RecipientsRequest): Promise<RecipientsResponse> {
    const recipients = await this.dataSource.query<Recipient[]>(
      `SELECT DISTINCT a.id AS account_id, a.name, a.email, a.phone, a.language
         FROM identity.accounts a
         LEFT JOIN identity.memberships m ON m.account_id = a.id
        WHERE a.id = ANY($1::uuid[])
           OR (m.workspace_id = $2 AND ($3::text[] IS NULL OR m.role = ANY($3::text[])))
        ORDER BY a.id`,
      [request.account_ids ?? [], request.workspace_id ?? null, request.roles ?? null],
    );
    return { recipients };
  }
}
