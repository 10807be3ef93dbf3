import {
  BILLING_BALANCE_LOW,
  BILLING_INVOICE_ISSUED,
  CATALOGUE_LISTING_REJECTED,
  IDENTITY_ACCOUNT_LINK_REQUESTED,
  IDENTITY_INVITATION_CREATED,
  LEADS_BOOKING_CANCELLED,
  LEADS_CONVERSATION_ESCALATED,
  LEADS_CONVERSATION_VISITOR_MESSAGE,
  LEADS_BOOKING_CONFIRMED,
  LEADS_BOOKING_CREATED,
  LEADS_BOOKING_PROPOSED,
  LEADS_BOOKING_REJECTED,
  LEADS_INQUIRY_CREATED,
  LEADS_INQUIRY_REPLIED,
  LEADS_SURVEY_REQUESTED,
  LEADS_WIDGET_SESSION_CREATED,
} from '@app/contracts';
import type {
  AccountLinkRequestedPayload,
  BalanceLowPayload,
  InvoiceIssuedPayload,
  ConversationEscalatedPayload,
  ConversationVisitorMessagePayload,
  InvitationCreatedPayload,
  Language,
  LeadsEventPayload,
  ListingEventPayload,
  NotificationChannel,
  NotificationKind,
  WidgetSessionCreatedPayload,
  WorkspaceRole,
} from '@app/contracts';

/**
 * Whom a notification is for: accounts by id, a workspace's members in some roles, or one
 * address that may have no account yet (an invitee).
 */
export type Audience = AccountAudience | { address: { email: string; language: Language } };

/** The audiences identity resolves into people. */
export type AccountAudience = { account_ids: string[] } | { workspace_id: string; roles: WorkspaceRole[] };

export interface NotificationIntent {
  kind: NotificationKind;
  audience: Audience;
  channels: NotificationChannel[];
}

/** The subjects the notification service consumes. */
export const NOTIFIED_SUBJECTS = [
  LEADS_INQUIRY_CREATED,
  LEADS_INQUIRY_REPLIED,
  LEADS_BOOKING_CREATED,
  LEADS_BOOKING_CONFIRMED,
  LEADS_BOOKING_REJECTED,
  LEADS_BOOKING_PROPOSED,
  LEADS_BOOKING_CANCELLED,
  LEADS_SURVEY_REQUESTED,
  LEADS_WIDGET_SESSION_CREATED,
  LEADS_CONVERSATION_ESCALATED,
  LEADS_CONVERSATION_VISITOR_MESSAGE,
  BILLING_BALANCE_LOW,
  BILLING_INVOICE_ISSUED,
  IDENTITY_INVITATION_CREATED,
  CATALOGUE_LISTING_REJECTED,
  IDENTITY_ACCOUNT_LINK_REQUESTED,
] as const;

/** Agents and above: every role of a workspace. */
export const EVERY_MEMBER: WorkspaceRole[] = ['owner', 'admin', 'agent'];
const MANAGERS: WorkspaceRole[] = ['owner', 'admin'];

/** One member when there is one to tell, else every member of the workspace (a seller is always the one). */
function memberOrWorkspace(accountId: string | null | undefined, workspaceId: string | null): Audience {
  if (accountId || !workspaceId) return { account_ids: accountId ? [accountId] : [] };
  return { workspace_id: workspaceId, roles: EVERY_MEMBER };
}

/** The listing's broker; a listing without a recorded broker goes to the whole workspace. */
const broker = (payload: LeadsEventPayload): Audience => memberOrWorkspace(payload.broker_id, payload.workspace_id);

/** The chat's assignee; a chat nobody could be assigned goes to the whole workspace. */
const assignee = (chat: { workspace_id: string; assigned_to: string | null }): Audience =>
  memberOrWorkspace(chat.assigned_to, chat.workspace_id);

const buyer = (payload: LeadsEventPayload): Audience => ({ account_ids: [payload.buyer_id] });

/** Spec 6, one rule per event: who hears of it, and through which channels. */
export function notificationsFor(subject: string, payload: unknown): NotificationIntent[] {
  const lead = payload as LeadsEventPayload;
  switch (subject) {
    case LEADS_INQUIRY_CREATED:
      return [{ kind: 'inquiry_created', audience: broker(lead), channels: ['email', 'whatsapp', 'in_app'] }];
    case LEADS_INQUIRY_REPLIED:
      return [{ kind: 'inquiry_replied', audience: buyer(lead), channels: ['email', 'in_app'] }];
    case LEADS_BOOKING_CREATED:
      return [{ kind: 'booking_created', audience: broker(lead), channels: ['email', 'whatsapp', 'in_app'] }];
    case LEADS_BOOKING_CONFIRMED:
      return [{ kind: 'booking_confirmed', audience: buyer(lead), channels: ['email', 'in_app'] }];
    case LEADS_BOOKING_REJECTED:
      return [{ kind: 'booking_rejected', audience: buyer(lead), channels: ['email', 'in_app'] }];
    case LEADS_BOOKING_PROPOSED:
      return [{ kind: 'booking_proposed', audience: buyer(lead), channels: ['email', 'in_app'] }];
    case LEADS_BOOKING_CANCELLED:
      return [{ kind: 'booking_cancelled', audience: broker(lead), channels: ['email', 'in_app'] }];
    case LEADS_SURVEY_REQUESTED:
      return [{ kind: 'survey_requested', audience: buyer(lead), channels: ['email', 'in_app'] }];
    case LEADS_WIDGET_SESSION_CREATED: {
      // The e-mail is the digest (DigestsRepository), at most one per workspace every 15 minutes.
      const session = payload as WidgetSessionCreatedPayload;
      return [
        {
          kind: 'widget_session',
          audience: { workspace_id: session.workspace_id, roles: EVERY_MEMBER },
          channels: ['whatsapp', 'in_app'],
        },
      ];
    }
    case LEADS_CONVERSATION_ESCALATED: {
      const chat = payload as ConversationEscalatedPayload;
      return [
        {
          kind: 'conversation_escalated',
          audience: assignee(chat),
          channels: ['email', 'push', 'in_app', 'whatsapp'],
        },
      ];
    }
    case LEADS_CONVERSATION_VISITOR_MESSAGE: {
      // No mail per message: the escalation's mail already asked for someone to open the chat.
      const chat = payload as ConversationVisitorMessagePayload;
      return [{ kind: 'conversation_visitor_message', audience: assignee(chat), channels: ['push', 'in_app'] }];
    }
    case IDENTITY_INVITATION_CREATED: {
      const invitation = payload as InvitationCreatedPayload;
      return [
        {
          kind: 'invitation',
          audience: { address: { email: invitation.email, language: invitation.language } },
          channels: ['email'],
        },
      ];
    }
    case CATALOGUE_LISTING_REJECTED: {
      // Only a published listing taken down: a pending one's rejection is the broker's own dashboard news.
      const listing = payload as ListingEventPayload;
      if (!listing.unpublished) return [];
      return [
        {
          kind: 'listing_unpublished',
          audience: memberOrWorkspace(listing.broker_id, listing.workspace_id),
          channels: ['email', 'in_app'],
        },
      ];
    }
    case IDENTITY_ACCOUNT_LINK_REQUESTED: {
      // To the address itself, whatever the account's preferences: the person asked for it.
      const link = payload as AccountLinkRequestedPayload;
      return [
        {
          kind: link.purpose,
          audience: { address: { email: link.email, language: link.language } },
          channels: ['email'],
        },
      ];
    }
    case BILLING_BALANCE_LOW: {
      const low = payload as BalanceLowPayload;
      return [
        {
          kind: 'balance_low',
          audience: { workspace_id: low.workspace_id, roles: MANAGERS },
          channels: ['email', 'push', 'in_app'],
        },
      ];
    }
    case BILLING_INVOICE_ISSUED: {
      // The tax document goes to whoever answers for the money: the owner.
      const invoice = payload as InvoiceIssuedPayload;
      return [
        {
          kind: 'invoice_issued',
          audience: { workspace_id: invoice.workspace_id, roles: ['owner'] },
          channels: ['email'],
        },
      ];
    }
    default:
      return [];
  }
}
