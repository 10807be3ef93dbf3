import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isUUID } from 'class-validator';
import { VisitorSessionsRpc, WidgetsRpc } from '@app/contracts';
import type {
  ChatTextBody,
  CreateVisitorSessionBody,
  MessageEnvelopeResponse,
  PublicWidgetResponse,
  SessionCreatedResponse,
  SessionEnvelopeResponse,
  VisitorContactBody,
  VisitorThreadResponse,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { LiveHub } from './live-hub';
import { VisitorAccessService } from './visitor-access.service';

/**
 * What a website's visitors do: see the widget, start a chat, then act on it with their visitor
 * token (a token names one session of one widget; the leads service keeps the chat).
 */
@Injectable()
export class VisitorSessionsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly access: VisitorAccessService,
    private readonly hub: LiveHub,
  ) {}

  publicWidget(widgetId: string): Promise<PublicWidgetResponse> {
    return this.rpc.call(WidgetsRpc.publicWidget, { widget_id: widgetIdOf(widgetId) });
  }

  /** The embedding origin and the browser's language come from the request (`raw`), checked here. */
  async start(widgetId: string, body: CreateVisitorSessionBody, raw: IncomingMessage): Promise<SessionCreatedResponse> {
    const { session } = await this.rpc.call(VisitorSessionsRpc.create, {
      ...body,
      widget_id: widgetIdOf(widgetId),
      origin: this.access.embeddingOrigin(raw, body.origin) ?? undefined,
      visitor_language: this.access.browserLanguage(raw),
    });
    return { session, token: await this.access.sign(session.widget_id, session.id) };
  }

  async thread(sessionId: string, token: string | undefined): Promise<VisitorThreadResponse> {
    return this.rpc.call(VisitorSessionsRpc.messages, await this.access.sessionRef(sessionId, token));
  }

  async send(sessionId: string, token: string | undefined, body: ChatTextBody): Promise<MessageEnvelopeResponse> {
    return this.rpc.call(VisitorSessionsRpc.send, { ...body, ...(await this.access.sessionRef(sessionId, token)) });
  }

  /** The session's live stream on the raw response (Server-Sent Events), once the token is checked. */
  async follow(sessionId: string, token: string | undefined, raw: IncomingMessage, reply: FastifyReply): Promise<void> {
    const session = await this.rpc.call(VisitorSessionsRpc.get, await this.access.sessionRef(sessionId, token));
    reply.hijack();
    this.hub.stream(session, raw, reply.raw);
  }

  /** The address is stored lower-cased (the phone was made E.164 by the body's validation). */
  async contact(
    sessionId: string,
    token: string | undefined,
    body: VisitorContactBody,
  ): Promise<SessionEnvelopeResponse> {
    const ref = await this.access.sessionRef(sessionId, token);
    return this.rpc.call(VisitorSessionsRpc.contact, {
      ...body,
      ...(body.email !== undefined ? { email: body.email.toLowerCase() } : {}),
      ...ref,
    });
  }

  async escalate(sessionId: string, token: string | undefined): Promise<SessionEnvelopeResponse> {
    return this.rpc.call(VisitorSessionsRpc.escalate, await this.access.sessionRef(sessionId, token));
  }
}

function widgetIdOf(id: string): string {
  if (!isUUID(id)) throw new AppError('widget_not_found', 'There is no such widget, or it is off.');
  return id;
}
