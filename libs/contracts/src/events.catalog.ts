import {
  BILLING_BALANCE_LOW,
  BILLING_INVOICE_ISSUED,
  BILLING_LEAD_CREDITS_ADDED,
  BILLING_PURCHASE_COMPLETED,
  BILLING_PURCHASE_FAILED,
  PURCHASE_PRODUCTS,
} from './billing.contract';
import {
  CATALOGUE_LISTING_DELETED,
  CATALOGUE_LISTING_PUBLISHED,
  CATALOGUE_LISTING_REJECTED,
  CATALOGUE_LISTING_SUBMITTED,
  CATALOGUE_LISTING_UPDATED,
  LISTING_FLAG_CODES,
  LISTING_STATUSES,
} from './catalogue.contract';
import { DECISION_ABANDONED, DECISION_REFUND_OWED } from './decisions.contract';
import { DECISION_GAZETTEER_LOADED } from './locations.contract';
import {
  CATALOGUE_PROJECT_CREATED,
  CATALOGUE_PROJECT_DELETED,
  CATALOGUE_PROJECT_UPDATED,
  CATALOGUE_UNIT_UPDATED,
  PROJECT_UNIT_STATUSES,
} from './projects.contract';
import {
  ACCOUNT_LINK_PURPOSES,
  IDENTITY_ACCOUNT_DELETED,
  IDENTITY_ACCOUNT_LINK_REQUESTED,
  IDENTITY_INVITATION_CREATED,
  IDENTITY_WORKSPACE_CREATED,
  IDENTITY_WORKSPACE_DELETED,
} from './identity.contract';
import { NOTIFICATION_CHANNELS, NOTIFICATION_REQUEST } from './notifications.contract';
import {
  CATALOGUE_SAVED_SEARCH_CLOSED,
  CATALOGUE_SAVED_SEARCH_MATCHED,
  SAVED_SEARCH_EVENTS,
  SAVED_SEARCH_FREQUENCIES,
} from './saved-searches.contract';
import { CATALOGUE_VERIFICATION_CHANGED, VERIFICATION_STATUSES } from './verification.contract';
import {
  LEADS_BOOKING_CANCELLED,
  LEADS_BOOKING_COMPLETED,
  LEADS_BOOKING_CONFIRMED,
  LEADS_BOOKING_CREATED,
  LEADS_BOOKING_PROPOSED,
  LEADS_BOOKING_REJECTED,
  LEADS_BOOKING_RESCHEDULED,
  LEADS_CONVERSATION_ESCALATED,
  LEADS_CONVERSATION_VISITOR_MESSAGE,
  LEADS_INQUIRY_CLOSED,
  LEADS_INQUIRY_CREATED,
  LEADS_INQUIRY_MESSAGE_ADDED,
  LEADS_INQUIRY_REPLIED,
  LEADS_LEAD_CREATED,
  LEADS_LEAD_UNLOCKED,
  LEADS_SURVEY_REQUESTED,
  LEADS_WIDGET_SESSION_CREATED,
  ESCALATION_REASONS,
} from './leads.contract';

/**
 * Every domain event subject with the JSON Schema of its payload: the source of the AsyncAPI
 * document at /asyncapi.json. A test checks the payloads the services really write against
 * these schemas (no property missing, none undeclared), and that every subject constant of
 * this library is here, so the document cannot drift from the code.
 */
export interface EventDescription {
  subject: string;
  /** Which schema in EVENT_PAYLOAD_SCHEMAS. */
  payload: keyof typeof EVENT_PAYLOAD_SCHEMAS;
  summary: string;
}

type JsonSchema = Record<string, unknown>;

const uuid = { type: 'string', format: 'uuid' } as const;
const nullableUuid = { type: ['string', 'null'], format: 'uuid' } as const;
const timestamp = { type: 'string', format: 'date-time' } as const;

const visitorLanguage = {
  type: ['string', 'null'],
  maxLength: 35,
  description: 'BCP 47 tag from the visitor’s browser; no other visitor data travels',
} as const;

function object(required: Record<string, JsonSchema>, optional: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    properties: { ...required, ...optional },
    required: Object.keys(required),
    additionalProperties: false,
  };
}

export const EVENT_PAYLOAD_SCHEMAS = {
  WorkspaceCreated: object(
    {
      workspace_id: uuid,
      kind: { enum: ['broker', 'developer'] },
      broker_kind: { enum: ['individual', 'company', null] },
      created_at: timestamp,
    },
    { demo: { type: 'boolean', description: 'The standalone demo workspace' } },
  ),
  InvitationCreated: object({
    invitation_id: uuid,
    workspace_id: uuid,
    workspace_name: { type: 'string' },
    email: { type: 'string', format: 'email', description: 'The invitee (lower-cased)' },
    role: { enum: ['admin', 'agent'] },
    language: { enum: ['en', 'ar'], description: 'The invitee’s language when known, else the inviter’s' },
    inviter_name: { type: 'string' },
    expires_at: timestamp,
    accept_token_sealed: {
      type: ['string', 'null'],
      description: 'The accept token, AES-256-GCM sealed with INVITATION_TOKEN_KEY (gateway and notification only)',
    },
  }),
  AccountLinkRequested: object({
    account_id: uuid,
    purpose: { enum: [...ACCOUNT_LINK_PURPOSES] },
    email: { type: 'string', format: 'email', description: 'The account’s address (lower-cased)' },
    name: { type: 'string' },
    language: { enum: ['en', 'ar'] },
    expires_at: timestamp,
    token_sealed: {
      type: ['string', 'null'],
      description: 'The single-use token, AES-256-GCM sealed with INVITATION_TOKEN_KEY (gateway and notification only)',
    },
  }),
  AccountDeleted: object({ account_id: uuid, deleted_at: timestamp }),
  WorkspaceDeleted: object({
    workspace_id: uuid,
    deleted_at: timestamp,
    forfeited: object({ decisions: { type: 'integer' }, lead_credits: { type: 'integer' } }),
  }),
  RefundOwed: object({ workspace_id: uuid, decision_id: uuid, debit_entry_id: uuid }),
  DecisionAbandoned: object({ workspace_id: uuid, decision_id: uuid }),
  GazetteerLoaded: object({
    version: { type: 'integer', minimum: 0, description: 'The gazetteer version now served' },
  }),
  ListingEvent: object(
    {
      listing_id: uuid,
      workspace_id: { ...nullableUuid, description: 'The owning workspace; null for a seller’s own listing' },
      status: { enum: [...LISTING_STATUSES] },
      occurred_at: timestamp,
    },
    {
      seller_id: { ...nullableUuid, description: 'The seller account that owns it; null for a workspace’s listing' },
      broker_id: { ...nullableUuid, description: 'The account that created it (its broker, or the seller)' },
      unpublished: { type: 'boolean', description: 'rejected: a moderator took a published listing down' },
      flags: {
        type: 'array',
        description: 'submitted, updated: the automated checks’ flags (updated: a flagged edit after publication)',
        items: {
          type: 'object',
          properties: { code: { enum: [...LISTING_FLAG_CODES] }, message: { type: 'string' } },
          required: ['code', 'message'],
        },
      },
      reason: { type: 'string', description: 'rejected: the moderator’s reason' },
      changed: { type: 'array', items: { type: 'string' }, description: 'updated: the fields that changed' },
    },
  ),
  SavedSearchMatched: object({
    saved_search_id: uuid,
    account_id: { ...uuid, description: 'The search’s owner: the one person told' },
    name: { type: 'string', description: 'The search’s name when it matched' },
    frequency: { enum: [...SAVED_SEARCH_FREQUENCIES], description: 'instant, or the digest it goes into' },
    listing_id: uuid,
    event: {
      enum: [...SAVED_SEARCH_EVENTS],
      description: 'published, or price_drop (a published listing got cheaper)',
    },
    title_en: { type: ['string', 'null'] },
    title_ar: { type: ['string', 'null'] },
    price_sar: { type: 'number', minimum: 0, description: 'The listing’s price at the event, SAR' },
    previous_price_sar: { type: ['number', 'null'], description: 'price_drop: the price before the drop; else null' },
    matched_at: timestamp,
  }),
  SavedSearchClosed: object({
    saved_search_id: uuid,
    account_id: uuid,
    reason: { enum: ['unsubscribed', 'deleted'] },
    closed_at: timestamp,
  }),
  ProjectEvent: object(
    { project_id: uuid, workspace_id: uuid, occurred_at: timestamp },
    { changed: { type: 'array', items: { type: 'string' }, description: 'updated: the fields that changed' } },
  ),
  UnitEvent: object({
    project_id: uuid,
    unit_id: uuid,
    workspace_id: uuid,
    status: { enum: [...PROJECT_UNIT_STATUSES], description: 'The unit’s status after the change' },
    occurred_at: timestamp,
    changed: {
      type: 'array',
      items: { type: 'string' },
      description: 'The fields set or changed; `listing_id` when it was published, `deleted` when deleted',
    },
    listing_id: { ...nullableUuid, description: 'The listing made from the unit, if any' },
  }),
  BalanceLow: object({
    workspace_id: uuid,
    asset: { enum: ['decisions', 'lead_credits'] },
    balance: { type: 'integer', minimum: 0 },
    threshold: { type: 'integer', minimum: 0 },
    entry_id: uuid,
  }),
  NotificationRequest: {
    type: 'object',
    description: 'At least one of account_ids or workspace_id',
    properties: {
      account_ids: { type: 'array', items: uuid, maxItems: 100 },
      workspace_id: uuid,
      roles: { type: 'array', items: { enum: ['owner', 'admin', 'agent'] } },
      channels: { type: 'array', items: { enum: [...NOTIFICATION_CHANNELS] }, minItems: 1 },
      title_en: { type: 'string', minLength: 1, maxLength: 200 },
      title_ar: { type: 'string', minLength: 1, maxLength: 200 },
      body_en: { type: 'string', minLength: 1, maxLength: 2000 },
      body_ar: { type: 'string', minLength: 1, maxLength: 2000 },
    },
    required: ['channels', 'title_en', 'title_ar', 'body_en', 'body_ar'],
    additionalProperties: false,
  },
  VerificationChanged: object({
    workspace_id: uuid,
    status: { enum: [...VERIFICATION_STATUSES] },
    reason: { type: ['string', 'null'], description: 'rejected: the moderator’s reason' },
    occurred_at: timestamp,
  }),
  PurchaseSettled: object({
    workspace_id: uuid,
    purchase_id: uuid,
    product: { enum: [...PURCHASE_PRODUCTS] },
    quantity: { type: 'integer', minimum: 1 },
    state: { enum: ['paid', 'failed', 'expired'] },
    amount: { type: 'integer', minimum: 0, description: "In the currency's minor unit" },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    provider: { type: 'string', description: '`manual`: a demo purchase, no money taken' },
    settled_at: timestamp,
  }),
  InvoiceIssued: object({
    workspace_id: uuid,
    invoice_id: uuid,
    purchase_id: uuid,
    kind: { enum: ['invoice', 'credit_note'] },
    number: { type: 'string' },
    issued_at: timestamp,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    total: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
    demo: { type: 'boolean' },
  }),
  LeadCreditsAdded: object({
    workspace_id: uuid,
    amount: { type: 'integer', minimum: 1 },
    balance: { type: 'integer', minimum: 0 },
    entry_id: uuid,
  }),
  WidgetSessionCreated: object({
    session_id: uuid,
    workspace_id: uuid,
    project_id: uuid,
    widget_id: uuid,
    created_at: timestamp,
    visitor_language: visitorLanguage,
  }),
  ConversationEscalated: object({
    session_id: uuid,
    workspace_id: uuid,
    project_id: uuid,
    widget_id: uuid,
    assigned_to: { ...nullableUuid, description: 'The member the chat is assigned to; null when nobody could be' },
    reason: {
      enum: [...ESCALATION_REASONS],
      description: 'The visitor asked for a person, or the assistant did not know',
    },
    visitor_language: visitorLanguage,
    escalated_at: timestamp,
  }),
  ConversationVisitorMessage: object({
    session_id: uuid,
    workspace_id: uuid,
    project_id: uuid,
    widget_id: uuid,
    assigned_to: nullableUuid,
    message_id: { ...uuid, description: 'The visitor’s message (its text stays in the chat)' },
    visitor_language: visitorLanguage,
    created_at: timestamp,
  }),
  LeadsEvent: object(
    {
      workspace_id: { ...nullableUuid, description: 'The listing’s workspace; null for a seller’s own listing' },
      property_id: uuid,
      buyer_id: uuid,
      broker_id: nullableUuid,
      lead_id: uuid,
      occurred_at: timestamp,
    },
    {
      seller_id: { ...nullableUuid, description: 'The seller who owns the listing (then also `broker_id`)' },
      inquiry_id: uuid,
      booking_id: uuid,
      message_id: uuid,
      scheduled_at: timestamp,
      status: { type: 'string', description: 'The inquiry’s, booking’s or lead’s state after the change' },
      reason: { type: ['string', 'null'], description: 'Who closed a thread, or the note of a booking move' },
    },
  ),
} satisfies Record<string, JsonSchema>;

export const EVENT_CATALOG: readonly EventDescription[] = [
  {
    subject: IDENTITY_WORKSPACE_CREATED,
    payload: 'WorkspaceCreated',
    summary: 'A broker or developer workspace was created',
  },
  {
    subject: IDENTITY_INVITATION_CREATED,
    payload: 'InvitationCreated',
    summary: 'Someone was invited into a workspace (consumed by notification: the e-mail with the accept link)',
  },
  {
    subject: IDENTITY_ACCOUNT_LINK_REQUESTED,
    payload: 'AccountLinkRequested',
    summary: 'A person asked for an e-mail verification or password-reset link (consumed by notification: the e-mail)',
  },
  {
    subject: IDENTITY_ACCOUNT_DELETED,
    payload: 'AccountDeleted',
    summary: 'An account was deleted: every service erases or anonymises the person',
  },
  {
    subject: IDENTITY_WORKSPACE_DELETED,
    payload: 'WorkspaceDeleted',
    summary: 'A workspace was deleted: listings unpublished, webhooks stopped; billing keeps its ledger',
  },
  {
    subject: DECISION_REFUND_OWED,
    payload: 'RefundOwed',
    summary: 'A paid decision failed while billing was unreachable',
  },
  {
    subject: DECISION_ABANDONED,
    payload: 'DecisionAbandoned',
    summary: 'A decision’s process died mid-request (its claim expired): billing refunds any debit made for it',
  },
  {
    subject: DECISION_GAZETTEER_LOADED,
    payload: 'GazetteerLoaded',
    summary: 'A decision replica loaded a gazetteer version (at start, after an import): the gateway’s location ETags',
  },
  { subject: CATALOGUE_LISTING_SUBMITTED, payload: 'ListingEvent', summary: 'A listing went to moderation' },
  { subject: CATALOGUE_LISTING_PUBLISHED, payload: 'ListingEvent', summary: 'A moderator approved a listing' },
  {
    subject: CATALOGUE_LISTING_REJECTED,
    payload: 'ListingEvent',
    summary: 'A moderator rejected a pending listing, or unpublished a published one (consumed by notification)',
  },
  {
    subject: CATALOGUE_LISTING_UPDATED,
    payload: 'ListingEvent',
    summary: 'A listing changed (fields or images; `flags` when an edit after publication was flagged)',
  },
  { subject: CATALOGUE_LISTING_DELETED, payload: 'ListingEvent', summary: 'A listing was deleted' },
  {
    subject: CATALOGUE_SAVED_SEARCH_MATCHED,
    payload: 'SavedSearchMatched',
    summary:
      'A listing published, or a published listing’s price dropped, matched a saved search: once per search, listing and event (consumed by notification: the alert)',
  },
  {
    subject: CATALOGUE_SAVED_SEARCH_CLOSED,
    payload: 'SavedSearchClosed',
    summary: 'A saved search was unsubscribed from or deleted (consumed by notification: its waiting alert is dropped)',
  },
  { subject: CATALOGUE_PROJECT_CREATED, payload: 'ProjectEvent', summary: 'A developer created a project' },
  { subject: CATALOGUE_PROJECT_UPDATED, payload: 'ProjectEvent', summary: 'A project’s fields changed' },
  {
    subject: CATALOGUE_PROJECT_DELETED,
    payload: 'ProjectEvent',
    summary: 'A project and its units were deleted (their listings stay)',
  },
  {
    subject: CATALOGUE_UNIT_UPDATED,
    payload: 'UnitEvent',
    summary: 'A unit was added, changed (price, status), published as a listing, or deleted',
  },
  {
    subject: CATALOGUE_VERIFICATION_CHANGED,
    payload: 'VerificationChanged',
    summary: 'A broker’s verification was submitted, approved or rejected',
  },
  {
    subject: NOTIFICATION_REQUEST,
    payload: 'NotificationRequest',
    summary: 'A request to notify people, from a service or an internal system (consumed by notification)',
  },
  { subject: BILLING_BALANCE_LOW, payload: 'BalanceLow', summary: 'A balance fell below its threshold' },
  {
    subject: BILLING_PURCHASE_COMPLETED,
    payload: 'PurchaseSettled',
    summary: 'A pack or lead-credit purchase was paid and credited',
  },
  {
    subject: BILLING_PURCHASE_FAILED,
    payload: 'PurchaseSettled',
    summary: 'A purchase ended unpaid (failed or expired): nothing credited',
  },
  { subject: BILLING_INVOICE_ISSUED, payload: 'InvoiceIssued', summary: 'A tax invoice or credit note was issued' },
  {
    subject: BILLING_LEAD_CREDITS_ADDED,
    payload: 'LeadCreditsAdded',
    summary: 'Lead credits arrived (purchase or plan)',
  },
  { subject: LEADS_INQUIRY_CREATED, payload: 'LeadsEvent', summary: 'A buyer asked a broker' },
  { subject: LEADS_INQUIRY_REPLIED, payload: 'LeadsEvent', summary: 'The broker replied for the first time' },
  { subject: LEADS_INQUIRY_MESSAGE_ADDED, payload: 'LeadsEvent', summary: 'A later message in a thread' },
  { subject: LEADS_INQUIRY_CLOSED, payload: 'LeadsEvent', summary: 'A thread closed' },
  { subject: LEADS_BOOKING_CREATED, payload: 'LeadsEvent', summary: 'A viewing was booked' },
  { subject: LEADS_BOOKING_CONFIRMED, payload: 'LeadsEvent', summary: 'The broker confirmed a viewing' },
  { subject: LEADS_BOOKING_REJECTED, payload: 'LeadsEvent', summary: 'The broker declined a viewing' },
  { subject: LEADS_BOOKING_PROPOSED, payload: 'LeadsEvent', summary: 'The broker proposed another time' },
  { subject: LEADS_BOOKING_CANCELLED, payload: 'LeadsEvent', summary: 'A viewing was cancelled' },
  { subject: LEADS_BOOKING_COMPLETED, payload: 'LeadsEvent', summary: 'A viewing took place' },
  { subject: LEADS_BOOKING_RESCHEDULED, payload: 'LeadsEvent', summary: 'The buyer accepted a proposed time' },
  { subject: LEADS_SURVEY_REQUESTED, payload: 'LeadsEvent', summary: 'The buyer is asked for a post-visit survey' },
  { subject: LEADS_LEAD_CREATED, payload: 'LeadsEvent', summary: 'A buyer’s first action on a listing opened a lead' },
  { subject: LEADS_LEAD_UNLOCKED, payload: 'LeadsEvent', summary: 'A lead was paid for with a lead credit' },
  {
    subject: LEADS_WIDGET_SESSION_CREATED,
    payload: 'WidgetSessionCreated',
    summary: 'A visitor opened a chat on a workspace’s website widget',
  },
  {
    subject: LEADS_CONVERSATION_ESCALATED,
    payload: 'ConversationEscalated',
    summary: 'A website chat went to a person: the visitor asked, or the assistant did not know',
  },
  {
    subject: LEADS_CONVERSATION_VISITOR_MESSAGE,
    payload: 'ConversationVisitorMessage',
    summary: 'The visitor wrote in a chat that is escalated or handled by a person',
  },
];
