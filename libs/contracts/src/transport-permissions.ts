import type { AppName } from './apps';
import { BILLING_BALANCE_LOW, BILLING_INVOICE_ISSUED, BILLING_LEAD_CREDITS_ADDED } from './billing.contract';
import { CATALOGUE_LISTING_DELETED, CATALOGUE_LISTING_REJECTED } from './catalogue.contract';
import { LIVE_CONVERSATIONS_SUBJECT } from './conversations.contract';
import { DECISION_ABANDONED, DECISION_REFUND_OWED } from './decisions.contract';
import { DECISION_GAZETTEER_LOADED } from './locations.contract';
import {
  IDENTITY_ACCOUNT_DELETED,
  IDENTITY_ACCOUNT_LINK_REQUESTED,
  IDENTITY_INVITATION_CREATED,
  IDENTITY_WORKSPACE_CREATED,
  IDENTITY_WORKSPACE_DELETED,
} from './identity.contract';
import { NOTIFICATION_REQUEST } from './notifications.contract';
import { CATALOGUE_PROJECT_DELETED } from './projects.contract';
import { CATALOGUE_SAVED_SEARCH_CLOSED, CATALOGUE_SAVED_SEARCH_MATCHED } from './saved-searches.contract';

/** What one app may do on NATS; every other subject is refused to its credentials. */
export interface TransportPermissions {
  /**
   * The first token of the requests it serves (`rpc.<owns>.…`) and of the events it publishes
   * (`<owns>.…`, its JetStream stream). The gateway serves identity.
   */
  owns: string;
  /** The apps whose RPC clients send it requests: no other app may. */
  calledBy: readonly AppName[];
  /** Events it publishes beyond its own: notification.request.v1, which any service may send. */
  publishes: readonly string[];
  /** The event subjects (NATS filters) its `@OnEvent` consumers read. */
  consumes: readonly string[];
  /** Event subjects each replica follows for itself (`EventStream.follow`: ordered consumers, no acks). */
  follows: readonly string[];
  /** Live (core NATS, unstored) subjects it publishes and subscribes to. */
  live: { publishes: readonly string[]; subscribes: readonly string[] };
}

/**
 * Who may talk to whom over NATS: the one table the NATS server's authorization is generated
 * from (`npm run nats:config`, deploy/nats/). A unit test reads the apps' RPC clients and event
 * consumers and fails when this table and the code disagree.
 */
export const TRANSPORT_PERMISSIONS: Record<AppName, TransportPermissions> = {
  gateway: {
    owns: 'identity',
    calledBy: ['leads', 'notification'],
    publishes: [NOTIFICATION_REQUEST],
    consumes: [CATALOGUE_PROJECT_DELETED, CATALOGUE_LISTING_DELETED],
    follows: [DECISION_GAZETTEER_LOADED],
    live: { publishes: [], subscribes: [LIVE_CONVERSATIONS_SUBJECT] },
  },
  decision: {
    owns: 'decision',
    calledBy: ['gateway', 'catalogue'],
    publishes: [NOTIFICATION_REQUEST],
    consumes: [],
    follows: [],
    live: { publishes: [], subscribes: [] },
  },
  catalogue: {
    owns: 'catalogue',
    calledBy: ['gateway', 'leads', 'notification'],
    publishes: [NOTIFICATION_REQUEST],
    consumes: [IDENTITY_ACCOUNT_DELETED, IDENTITY_WORKSPACE_DELETED],
    follows: [],
    live: { publishes: [], subscribes: [] },
  },
  leads: {
    owns: 'leads',
    calledBy: ['gateway'],
    publishes: [NOTIFICATION_REQUEST],
    consumes: [IDENTITY_ACCOUNT_DELETED, BILLING_LEAD_CREDITS_ADDED, CATALOGUE_LISTING_DELETED],
    follows: [],
    live: { publishes: [LIVE_CONVERSATIONS_SUBJECT], subscribes: [] },
  },
  billing: {
    owns: 'billing',
    calledBy: ['gateway', 'decision', 'leads'],
    publishes: [NOTIFICATION_REQUEST],
    consumes: [IDENTITY_WORKSPACE_CREATED, DECISION_REFUND_OWED, DECISION_ABANDONED],
    follows: [],
    live: { publishes: [], subscribes: [] },
  },
  notification: {
    owns: 'notification',
    calledBy: ['gateway'],
    publishes: [],
    consumes: [
      IDENTITY_ACCOUNT_DELETED,
      IDENTITY_WORKSPACE_DELETED,
      IDENTITY_INVITATION_CREATED,
      IDENTITY_ACCOUNT_LINK_REQUESTED,
      CATALOGUE_LISTING_REJECTED,
      CATALOGUE_SAVED_SEARCH_MATCHED,
      CATALOGUE_SAVED_SEARCH_CLOSED,
      BILLING_INVOICE_ISSUED,
      BILLING_BALANCE_LOW,
      NOTIFICATION_REQUEST,
      'leads.>',
      'catalogue.>',
      'billing.>',
    ],
    follows: [],
    live: { publishes: [], subscribes: [] },
  },
};

/** The Secret key (and the NATS server's environment variable) holding an app's NATS password. */
export function natsPasswordKey(app: AppName): string {
  return `NATS_${app.toUpperCase()}_PASSWORD`;
}
