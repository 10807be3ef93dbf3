import { NOTIFIED_SUBJECTS, notificationsFor } from './notification-rules';

const lead = {
  workspace_id: 'w',
  property_id: 'p',
  buyer_id: 'buyer',
  broker_id: 'broker',
  lead_id: 'l',
  occurred_at: '2026-12-01T00:00:00Z',
};

describe('notification rules (spec 6)', () => {
  it('should tell the broker of a new inquiry by email, WhatsApp and in-app', () => {
    expect(notificationsFor('leads.inquiry.created.v1', lead)).toEqual([
      { kind: 'inquiry_created', audience: { account_ids: ['broker'] }, channels: ['email', 'whatsapp', 'in_app'] },
    ]);
  });

  it('should tell the buyer of a broker reply and ask for a survey after a completed viewing', () => {
    expect(notificationsFor('leads.inquiry.replied.v1', lead)[0]).toMatchObject({
      kind: 'inquiry_replied',
      audience: { account_ids: ['buyer'] },
    });
    expect(notificationsFor('leads.survey.requested.v1', lead)[0]).toMatchObject({
      kind: 'survey_requested',
      audience: { account_ids: ['buyer'] },
    });
  });

  it('should tell a workspace with no recorded broker through all its members', () => {
    expect(notificationsFor('leads.booking.created.v1', { ...lead, broker_id: null })[0].audience).toEqual({
      workspace_id: 'w',
      roles: ['owner', 'admin', 'agent'],
    });
  });

  it('should tell the seller of a new inquiry on their own listing (no workspace)', () => {
    const sellers = { ...lead, workspace_id: null, seller_id: 'seller', broker_id: 'seller' };
    expect(notificationsFor('leads.inquiry.created.v1', sellers)[0].audience).toEqual({ account_ids: ['seller'] });
  });

  it('should tell the broker of an unpublished listing, and nobody of a pending one rejected', () => {
    const rejected = { listing_id: 'p', workspace_id: 'w', broker_id: 'broker', status: 'rejected', reason: 'why' };
    expect(notificationsFor('catalogue.listing.rejected.v1', { ...rejected, unpublished: true })).toEqual([
      { kind: 'listing_unpublished', audience: { account_ids: ['broker'] }, channels: ['email', 'in_app'] },
    ]);
    expect(notificationsFor('catalogue.listing.rejected.v1', rejected)).toEqual([]);
  });

  it('should tell owners and admins of a low balance by email and push', () => {
    expect(notificationsFor('billing.balance.low.v1', { workspace_id: 'w', asset: 'decisions', balance: 2 })).toEqual([
      {
        kind: 'balance_low',
        audience: { workspace_id: 'w', roles: ['owner', 'admin'] },
        channels: ['email', 'push', 'in_app'],
      },
    ]);
  });

  it('should e-mail an issued invoice to the owner only', () => {
    expect(notificationsFor('billing.invoice.issued.v1', { workspace_id: 'w', invoice_id: 'i' })).toEqual([
      { kind: 'invoice_issued', audience: { workspace_id: 'w', roles: ['owner'] }, channels: ['email'] },
    ]);
  });

  it('should tell every member of a widget session in-app and on WhatsApp (the e-mail is the digest)', () => {
    const session = { session_id: 's', workspace_id: 'w', project_id: 'p', widget_id: 'g', visitor_language: 'ar' };
    expect(notificationsFor('leads.widget_session.created.v1', session)).toEqual([
      {
        kind: 'widget_session',
        audience: { workspace_id: 'w', roles: ['owner', 'admin', 'agent'] },
        channels: ['whatsapp', 'in_app'],
      },
    ]);
  });

  describe('website chats that need a person', () => {
    const chat = {
      session_id: 's',
      workspace_id: 'w',
      project_id: 'p',
      widget_id: 'g',
      assigned_to: 'agent',
      visitor_language: 'ar-SA',
    };
    const escalated = { ...chat, reason: 'visitor_request', escalated_at: '2026-12-01T00:00:00Z' };
    const message = { ...chat, message_id: 'm', created_at: '2026-12-01T00:01:00Z' };

    it('should tell only the assignee of an escalation, by email, push, in-app and WhatsApp', () => {
      expect(notificationsFor('leads.conversation.escalated.v1', escalated)).toEqual([
        {
          kind: 'conversation_escalated',
          audience: { account_ids: ['agent'] },
          channels: ['email', 'push', 'in_app', 'whatsapp'],
        },
      ]);
    });

    it('should tell every member when nobody could be assigned', () => {
      expect(
        notificationsFor('leads.conversation.escalated.v1', { ...escalated, assigned_to: null })[0].audience,
      ).toEqual({ workspace_id: 'w', roles: ['owner', 'admin', 'agent'] });
      expect(
        notificationsFor('leads.conversation.visitor_message.v1', { ...message, assigned_to: null })[0].audience,
      ).toEqual({ workspace_id: 'w', roles: ['owner', 'admin', 'agent'] });
    });

    it('should tell the assignee of a later visitor message in-app and by push only (no mail per message)', () => {
      expect(notificationsFor('leads.conversation.visitor_message.v1', message)).toEqual([
        { kind: 'conversation_visitor_message', audience: { account_ids: ['agent'] }, channels: ['push', 'in_app'] },
      ]);
    });

    it('should consume both subjects', () => {
      expect(NOTIFIED_SUBJECTS).toEqual(
        expect.arrayContaining(['leads.conversation.escalated.v1', 'leads.conversation.visitor_message.v1']),
      );
    });
  });

  it('should mail an invitee at their address, in the language the invitation carries', () => {
    expect(
      notificationsFor('identity.invitation.created.v1', { email: 'khalid@alnoor.sa', language: 'ar' })[0],
    ).toEqual({
      kind: 'invitation',
      audience: { address: { email: 'khalid@alnoor.sa', language: 'ar' } },
      channels: ['email'],
    });
  });

  it('should ignore subjects it has no rule for', () => {
    expect(notificationsFor('leads.lead.unlocked.v1', lead)).toEqual([]);
  });
});
