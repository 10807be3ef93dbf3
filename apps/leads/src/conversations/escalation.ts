import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LEADS_CONVERSATION_ESCALATED } from '@app/contracts';
import type { ConversationEscalatedPayload, EscalationReason, Language } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { ConversationsRepository } from './conversations.repository';
import type { SessionRow } from './conversations.repository';
import type { LiveBatch } from './live-updates';

/** What the visitor reads when a person is on the way, in the session's language. */
export const NOTICES = {
  escalated: {
    en: 'A member of our team will reply here shortly.',
    ar: 'سيرد عليك أحد أعضاء فريقنا هنا قريبًا.',
  },
  unknown: {
    en: 'I don’t know the answer to that. I have asked a member of our team to reply here.',
    ar: 'لا أعرف إجابة هذا السؤال. طلبت من أحد أعضاء فريقنا الرد عليك هنا.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * Marks a locked session escalated: from now on no assistant reply is stored for it (every
 * reply re-checks this flag in its own transaction). An unassigned session goes to the next
 * member in the workspace's round. The team is told through `leads.conversation.escalated.v1`,
 * written in the same transaction, so the notice and the change cannot part.
 */
@Injectable()
export class Escalation {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly outbox: Outbox,
  ) {}

  async escalate(
    tx: EntityManager,
    session: SessionRow,
    members: string[],
    batch: LiveBatch,
    notice: { author: 'system' | 'assistant'; text: string } | null,
    reason: EscalationReason,
  ): Promise<SessionRow> {
    const assignee = session.assigned_to ?? (await this.conversations.nextAssignee(tx, session.workspace_id, members));
    const escalated = await this.conversations.change(tx, session.id, { escalated: true, assigned_to: assignee });
    await this.outbox.add<ConversationEscalatedPayload>(tx, LEADS_CONVERSATION_ESCALATED, {
      session_id: escalated.id,
      workspace_id: escalated.workspace_id,
      project_id: escalated.project_id,
      widget_id: escalated.widget_id,
      assigned_to: escalated.assigned_to,
      reason,
      visitor_language: escalated.visitor_language,
      escalated_at: new Date(escalated.updated_at).toISOString(),
    });
    if (notice) {
      const message = await this.conversations.addMessage(tx, {
        session_id: session.id,
        author: notice.author,
        author_id: null,
        text: notice.text,
        citations: [],
      });
      batch.message(escalated, message);
    }
    batch.session(escalated);
    return escalated;
  }
}
