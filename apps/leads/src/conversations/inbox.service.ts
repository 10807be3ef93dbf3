import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageFrom } from '@app/contracts';
import type {
  AssignConversationRequest,
  ConversationRefRequest,
  ConversationReplyRequest,
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
  LeadResponse,
  ListConversationsRequest,
  MessageResponse,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { toLeadResponse } from '../crm/lead.dto';
import { LeadsRepository } from '../crm/leads.repository';
import { toConversationResponse, toMessageResponse } from './conversation.dto';
import { ConversationsRepository } from './conversations.repository';
import type { SessionChange, SessionRow } from './conversations.repository';
import { LiveBatch, LiveUpdates } from './live-updates';
import { TeamMembersClient } from './team-members.client';

/** The team's side: the inbox of widget conversations, replies, hand-offs and promotion to a lead. */
@Injectable()
export class InboxService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly leads: LeadsRepository,
    private readonly team: TeamMembersClient,
    private readonly live: LiveUpdates,
  ) {}

  async list(request: ListConversationsRequest): Promise<ConversationsPageResponse> {
    const rows = await this.conversations.page(request);
    return pageFrom(rows, request, toConversationResponse);
  }

  /** Opening a conversation marks its visitor messages read for the team. */
  async get(request: ConversationRefRequest): Promise<ConversationThreadResponse> {
    await this.conversations.transaction(async (tx) => {
      const session = await this.locked(tx, request);
      await this.conversations.change(tx, session.id, { team_read_at: new Date() });
    });
    const { row, messages } = await this.conversations.snapshot(async (tx) => ({
      row: await this.conversations.inboxRow(request.id, tx),
      messages: await this.conversations.messages(request.id, tx),
    }));
    return { ...toConversationResponse(row), messages: messages.map(toMessageResponse) };
  }

  /** A person answering takes the conversation over: the assistant stops, the replier owns it. */
  async reply(request: ConversationReplyRequest): Promise<{ message: MessageResponse }> {
    const batch = new LiveBatch();
    const message = await this.conversations.transaction(async (tx) => {
      const session = this.open(await this.locked(tx, request));
      const owned = await this.changed(tx, session, { handled_by: 'human', assigned_to: request.account_id }, batch);
      const message = await this.conversations.addMessage(tx, {
        session_id: session.id,
        author: 'agent',
        author_id: request.account_id,
        text: request.text,
        citations: [],
      });
      await this.conversations.change(tx, session.id, { team_read_at: new Date() });
      batch.message(owned, message);
      return message;
    });
    await this.live.publish(batch);
    return { message: toMessageResponse(message) };
  }

  async takeOver(request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.update(request, () => ({ handled_by: 'human', assigned_to: request.account_id }));
  }

  /** The assistant answers again; the escalation is over. */
  async handBack(request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.update(request, () => ({ handled_by: 'assistant', escalated: false }));
  }

  async assign(request: AssignConversationRequest): Promise<ConversationResponse> {
    if (!(await this.team.isMember(request.workspace_id, request.member_id)))
      throw new AppError('validation_error', 'member_id is not a member of your workspace.', { field: 'member_id' });
    return this.update(request, () => ({ assigned_to: request.member_id }), { allowClosed: true });
  }

  async close(request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.update(request, () => ({ status: 'closed' }));
  }

  /**
   * The conversation becomes a CRM lead with the visitor's contact (the project as its
   * property). Once: asking again answers the same lead. The workspace's own visitor costs no
   * lead credit, so the lead is unlocked.
   */
  async promote(request: ConversationRefRequest): Promise<LeadResponse> {
    const leadId = await this.conversations.transaction(async (tx) => {
      const session = await this.locked(tx, request);
      if (session.lead_id) return session.lead_id;
      if (!session.contact_phone && !session.contact_email)
        throw new AppError(
          'contact_required',
          'The visitor has left no phone or e-mail yet; a lead needs one of them.',
          { field: 'contact' },
        );
      const id = await this.conversations.openLead(tx, session, {
        name: session.contact_name ?? (session.language === 'ar' ? 'زائر الموقع' : 'Website visitor'),
        email: session.contact_email,
        phone: session.contact_phone,
      });
      await this.conversations.change(tx, session.id, { lead_id: id });
      return id;
    });
    const lead = await this.leads.find({ workspace_id: request.workspace_id }, leadId);
    if (!lead) throw new AppError('not_found', 'There is no such lead in your workspace.');
    return toLeadResponse(lead);
  }

  private async update(
    request: ConversationRefRequest,
    change: (session: SessionRow) => SessionChange,
    options: { allowClosed?: boolean } = {},
  ): Promise<ConversationResponse> {
    const batch = new LiveBatch();
    await this.conversations.transaction(async (tx) => {
      const session = await this.locked(tx, request);
      await this.changed(tx, options.allowClosed ? session : this.open(session), change(session), batch);
    });
    await this.live.publish(batch);
    return toConversationResponse(await this.conversations.inboxRow(request.id));
  }

  /** Applies a change and tells the visitor's page when what it shows (status, escalated, handler) moved. */
  private async changed(
    tx: EntityManager,
    session: SessionRow,
    change: SessionChange,
    batch: LiveBatch,
  ): Promise<SessionRow> {
    const updated = await this.conversations.change(tx, session.id, change);
    if (
      updated.status !== session.status ||
      updated.escalated !== session.escalated ||
      updated.handled_by !== session.handled_by
    )
      batch.session(updated);
    return updated;
  }

  private async locked(tx: EntityManager, request: ConversationRefRequest): Promise<SessionRow> {
    const session = await this.conversations.teamSession(request.workspace_id, request.id, tx);
    if (!session) throw new AppError('not_found', 'There is no such conversation in your workspace.');
    return session;
  }

  private open(session: SessionRow): SessionRow {
    if (session.status === 'closed')
      throw new AppError('invalid_state', 'This conversation is closed.', { state: 'closed' });
    return session;
  }
}
