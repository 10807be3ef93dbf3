import type { MessageResponse, SessionResponse } from './conversations-responses.contract';

/**
 * The live feed: every new message and session change, published by the leads service on a
 * NATS core subject (not JetStream, no queue group) so that every gateway replica receives
 * it and tells its own Server-Sent-Events clients. In-process in standalone.
 */
export const LIVE_CONVERSATIONS_SUBJECT = 'live.leads.conversations.v1';

export const SESSION_STATUSES = ['open', 'closed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_HANDLERS = ['assistant', 'human'] as const;
export type SessionHandler = (typeof SESSION_HANDLERS)[number];

export const MESSAGE_AUTHORS = ['visitor', 'assistant', 'agent', 'system'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const CONVERSATION_FILTER_STATUSES = ['open', 'escalated', 'closed'] as const;
export type ConversationFilterStatus = (typeof CONVERSATION_FILTER_STATUSES)[number];

export const CONVERSATION_ASSIGNED_FILTERS = ['unassigned', 'mine'] as const;
export type ConversationAssignedFilter = (typeof CONVERSATION_ASSIGNED_FILTERS)[number];

export const VISITOR_TEXT_MAX = 2000;
/** `#rrggbb`. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** An exact web origin: scheme, host, optional port; no path, no trailing slash. */
export const WEB_ORIGIN =
  /^https?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)(:\d{1,5})?$/;
/** What the live feed carries: one session's new message or its changed state. */
export type LiveConversationEvent =
  | { kind: 'message'; session_id: string; workspace_id: string; message: MessageResponse }
  | { kind: 'session'; session_id: string; workspace_id: string; session: SessionResponse };
