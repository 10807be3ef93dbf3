import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LEADS_CONVERSATION_VISITOR_MESSAGE, LEADS_WIDGET_SESSION_CREATED } from '@app/contracts';
import type {
  ConversationVisitorMessagePayload,
  CreateVisitorSessionRequest,
  MessageResponse,
  SessionResponse,
  VisitorContactRequest,
  VisitorMessageRequest,
  VisitorSessionCreatedResponse,
  VisitorSessionRef,
  VisitorThreadResponse,
  WidgetSessionCreatedPayload,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { WidgetsService } from '../widgets/widgets.service';
import { AssistantReplies } from './assistant-replies';
import { toMessageResponse, toSessionResponse } from './conversation.dto';
import { ConversationsRepository } from './conversations.repository';
import type { SessionRow } from './conversations.repository';
import { Escalation, NOTICES } from './escalation';
import { asksForHuman } from './human-request';
import { LiveBatch, LiveUpdates } from './live-updates';
import { TeamMembersClient } from './team-members.client';

/** The visitor's side of a widget chat: anonymous, one session per token. */
@Injectable()
export class VisitorSessionsService {
  private readonly logger = new Logger(VisitorSessionsService.name);

  constructor(
    private readonly widgets: WidgetsService,
    private readonly conversations: ConversationsRepository,
    private readonly escalation: Escalation,
    private readonly assistant: AssistantReplies,
    private readonly team: TeamMembersClient,
    private readonly live: LiveUpdates,
    private readonly outbox: Outbox,
  ) {}

  /** The embedding page's origin must be one the workspace allowed; the team is told of the new chat. */
  async create(request: CreateVisitorSessionRequest): Promise<VisitorSessionCreatedResponse> {
    const widget = await this.widgets.enabled(request.widget_id);
    const origin = request.origin?.toLowerCase() ?? null;
    if (!origin || !widget.allowed_origins.includes(origin))
      throw new AppError(
        'origin_not_allowed',
        origin
          ? `This widget may not be embedded on ${origin}.`
          : 'The embedding page’s origin is missing: send the Origin header or `origin`.',
      );
    const language =
      request.language && widget.languages.includes(request.language) ? request.language : widget.default_language;
    const session = await this.conversations.transaction(async (tx) => {
      const made = await this.conversations.insertSession(tx, {
        widget_id: widget.id,
        workspace_id: widget.workspace_id,
        project_id: widget.project_id,
        language,
        visitor_language: request.visitor_language ?? null,
        origin,
      });
      await this.outbox.add<WidgetSessionCreatedPayload>(tx, LEADS_WIDGET_SESSION_CREATED, {
        session_id: made.id,
        workspace_id: made.workspace_id,
        project_id: made.project_id,
        widget_id: made.widget_id,
        created_at: new Date(made.created_at).toISOString(),
        visitor_language: made.visitor_language,
      });
      return made;
    });
    return { session: toSessionResponse(session) };
  }

  async session(request: VisitorSessionRef): Promise<SessionResponse> {
    return toSessionResponse(await this.find(request));
  }

  async thread(request: VisitorSessionRef): Promise<VisitorThreadResponse> {
    const { session, messages } = await this.conversations.snapshot(async (tx) => {
      const found = await this.find(request, tx); // the session and its messages from one snapshot
      return { session: found, messages: await this.conversations.messages(found.id, tx) };
    });
    return { session: toSessionResponse(session), messages: messages.map(toMessageResponse) };
  }

  /**
   * Stores the visitor's message and answers at once; the reply comes on the stream. Asking for
   * a person escalates without asking the assistant; an escalated or taken-over chat waits for
   * the team, which is told of the message (`leads.conversation.visitor_message.v1`).
   */
  async send(request: VisitorMessageRequest): Promise<{ message: MessageResponse }> {
    const known = await this.find(request);
    const wantsHuman = asksForHuman(request.text);
    const members = wantsHuman && !known.escalated ? await this.team.available(known.workspace_id) : [];
    const batch = new LiveBatch();
    const { session, message } = await this.conversations.transaction(async (tx) => {
      const locked = await this.openLocked(request, tx);
      const message = await this.conversations.addMessage(tx, {
        session_id: locked.id,
        author: 'visitor',
        author_id: null,
        text: request.text,
        citations: [],
      });
      batch.message(locked, message);
      if (wantsHuman && !locked.escalated) {
        // The escalation's own event tells the team of this message.
        return { session: await this.escalateForVisitor(tx, locked, members, batch), message };
      }
      if (locked.escalated || locked.handled_by === 'human')
        await this.outbox.add<ConversationVisitorMessagePayload>(tx, LEADS_CONVERSATION_VISITOR_MESSAGE, {
          session_id: locked.id,
          workspace_id: locked.workspace_id,
          project_id: locked.project_id,
          widget_id: locked.widget_id,
          assigned_to: locked.assigned_to,
          message_id: message.id,
          visitor_language: locked.visitor_language,
          created_at: new Date(message.created_at).toISOString(),
        });
      return { session: locked, message };
    });
    await this.live.publish(batch);
    if (!wantsHuman && !session.escalated && session.handled_by === 'assistant') {
      this.assistant
        .reply(session, request.text)
        .catch((err: unknown) => this.logger.error({ err, session_id: session.id }, 'Assistant reply failed'));
    }
    return { message: toMessageResponse(message) };
  }

  async contact(request: VisitorContactRequest): Promise<{ session: SessionResponse }> {
    const session = await this.conversations.transaction(async (tx) => {
      const locked = await this.openLocked(request, tx);
      return this.conversations.change(tx, locked.id, {
        ...(request.name !== undefined ? { contact_name: request.name } : {}),
        ...(request.phone !== undefined ? { contact_phone: request.phone } : {}),
        ...(request.email !== undefined ? { contact_email: request.email } : {}),
      });
    });
    return { session: toSessionResponse(session) };
  }

  /** The "talk to a person" button; pressing it again changes nothing. */
  async escalate(request: VisitorSessionRef): Promise<{ session: SessionResponse }> {
    const known = await this.find(request);
    const members = known.escalated ? [] : await this.team.available(known.workspace_id);
    const batch = new LiveBatch();
    const session = await this.conversations.transaction(async (tx) => {
      const locked = await this.openLocked(request, tx);
      return locked.escalated ? locked : this.escalateForVisitor(tx, locked, members, batch);
    });
    await this.live.publish(batch);
    return { session: toSessionResponse(session) };
  }

  /** The visitor asked for a person (button or words): the notice in the session's language. */
  private escalateForVisitor(
    tx: EntityManager,
    session: SessionRow,
    members: string[],
    batch: LiveBatch,
  ): Promise<SessionRow> {
    const notice = { author: 'system' as const, text: NOTICES.escalated[session.language] };
    return this.escalation.escalate(tx, session, members, batch, notice, 'visitor_request');
  }

  /** The visitor's session, read in `snapshot` when given (never locked here). */
  private async find(request: VisitorSessionRef, snapshot?: EntityManager): Promise<SessionRow> {
    const session = await this.conversations.visitorSession(request.widget_id, request.session_id, snapshot, false);
    if (!session) throw sessionNotFound();
    return session;
  }

  private async openLocked(request: VisitorSessionRef, tx: Parameters<ConversationsRepository['lock']>[0]) {
    const session = await this.conversations.visitorSession(request.widget_id, request.session_id, tx);
    if (!session) throw sessionNotFound();
    if (session.status === 'closed')
      throw new AppError('invalid_state', 'This chat has been closed. Start a new one.', { state: 'closed' });
    return session;
  }
}

function sessionNotFound(): AppError {
  return new AppError('session_not_found', 'There is no such chat session for this token.');
}
