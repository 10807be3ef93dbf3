import {
  BILLING_BALANCE_LOW,
  LEADS_BOOKING_CANCELLED,
  LEADS_BOOKING_CONFIRMED,
  LEADS_BOOKING_CREATED,
  LEADS_BOOKING_PROPOSED,
  LEADS_BOOKING_REJECTED,
  LEADS_INQUIRY_CREATED,
  LEADS_INQUIRY_REPLIED,
  LEADS_SURVEY_REQUESTED,
} from '@app/contracts';
import type {
  BalanceLowPayload,
  LeadsEventPayload,
  NotificationChannel,
  NotificationKind,
  WorkspaceRole,
} from '@app/contracts';

/** Whom a notification is for: accounts by id, or a workspace's members in some roles. */
export type Audience = { account_ids: string[] } | { workspace_id: string; roles: WorkspaceRole[] };

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
  BILLING_BALANCE_LOW,
] as const;

const EVERY_MEMBER: WorkspaceRole[] = ['owner', 'admin', 'agent'];
const MANAGERS: WorkspaceRole[] = ['owner', 'admin'];

/** The listing's broker; a listing without a recorded broker goes to the whole workspace. */
function broker(payload: LeadsEventPayload): Audience {
  return payload.broker_id
    ? { account_ids: [payload.broker_id] }
    : { workspace_id: payload.workspace_id, roles: EVERY_MEMBER };
}

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
    default:
      return [];
  }
}
