import type { ConversationResponse, MessageResponse, SessionResponse } from '@app/contracts';
import type { InboxRow, MessageRow, SessionRow } from './conversations.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toSessionResponse(row: SessionRow): SessionResponse {
  return {
    id: row.id,
    widget_id: row.widget_id,
    project_id: row.project_id,
    status: row.status,
    escalated: row.escalated,
    handled_by: row.handled_by,
    language: row.language,
    created_at: iso(row.created_at),
  };
}

export function toMessageResponse(row: MessageRow): MessageResponse {
  return {
    id: row.id,
    author: row.author,
    text: row.text,
    citations: row.citations ?? [],
    created_at: iso(row.created_at),
  };
}

export function toConversationResponse(row: InboxRow): ConversationResponse {
  return {
    ...toSessionResponse(row),
    assigned_to: row.assigned_to,
    contact: { name: row.contact_name, phone: row.contact_phone, email: row.contact_email },
    lead_id: row.lead_id,
    last_message: row.last_message ? toMessageResponse(row.last_message) : null,
    unread_count: row.unread_count,
    updated_at: iso(row.updated_at),
  };
}
