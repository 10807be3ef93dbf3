import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { balanceOf, fundedWorkspace } from '../harness/billing-fixtures';
import { publishedListing, setPhone } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { eventually } from '../harness/eventually';
import { createAccount, createMember, createWorkspace } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { mcpClientOverOAuth } from '../harness/mcp-client';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/**
 * Every MCP tool called at least once, as an assistant calls it: the SDK client over Streamable
 * HTTP with a token from the real OAuth flow, each call's result checked against what a user
 * would notice (the record exists, the booking is confirmed, the balance moved). The last test
 * fails when the server offers a tool this file never called, so new tools need a call here.
 */

const SITE = 'https://developer.example.com';
const QUESTION_AR = 'هل الشقة متاحة للمعاينة يوم الجمعة؟';
const REPLY_AR = 'نعم، متاحة بعد العصر.';
const APARTMENT = { type: 'apartment', price: 1_500_000, area: 120, bedrooms: 3 };

interface Page<T> {
  data: T[];
}

describeE2e('MCP tools: each one called over OAuth, with its effect checked', () => {
  let platform: Platform;
  let buyer: AccountFixture;
  let owner: MemberFixture;
  let ownerKey: string;
  let developer: MemberFixture;
  let listingId: string;
  /** A word only this file's listing has in its titles, for the search. */
  const marker = `mcp${randomBytes(4).toString('hex')}`;

  const clients = new Map<string, Client>();
  /** Tools that answered with a result (not an error), over every client. */
  const called = new Set<string>();

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const sql = <T extends object>(text: string, params: unknown[]) =>
    withClient(platform.databaseUrl, async (db) => (await db.query<T>(text, params)).rows);

  async function clientFor(account: AccountFixture): Promise<Client> {
    let client = clients.get(account.accountId);
    if (!client) {
      client = await mcpClientOverOAuth(platform.gatewayUrl, account);
      clients.set(account.accountId, client);
    }
    return client;
  }

  /** A successful call's structured result (the SDK client has checked it against the output schema). */
  async function call<T = Record<string, unknown>>(
    account: AccountFixture,
    name: string,
    args: object = {},
  ): Promise<T> {
    const client = await clientFor(account);
    const result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
    called.add(name);
    return result.structuredContent as T;
  }

  /** A failed call's REST error envelope. */
  async function failure(account: AccountFixture, name: string, args: object = {}): Promise<Record<string, unknown>> {
    const client = await clientFor(account);
    const result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
    expect({ name, isError: result.isError }).toEqual({ name, isError: true });
    return JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
  }

  beforeAll(async () => {
    platform = await sharedPlatform();
    buyer = await createAccount(platform, { name: 'سارة المشترية' });
    ({ owner, key: ownerKey } = await fundedWorkspace(platform, 5));
    await setPhone(platform, owner.accountId, '+966501234567');
    listingId = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
    await sql('UPDATE catalogue.listings SET title_en = $2, title_ar = $3 WHERE id = $1', [
      listingId,
      `Sea-view apartment ${marker}`,
      `شقة بإطلالة بحرية ${marker}`,
    ]);
    developer = await createMember(platform, {
      role: 'owner',
      workspaceId: (await createWorkspace(platform, { kind: 'developer', name: 'دار للتطوير' })).id,
    });
  });

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.close()));
    await platform?.close();
  });

  describe('session', () => {
    it('should say who is connected and echo a ping', async () => {
      await expect(call(owner, 'whoami')).resolves.toEqual({
        account_id: owner.accountId,
        name: owner.name,
        email: owner.email,
        account_role: 'broker',
        workspace_id: owner.workspaceId,
        workspace_role: 'owner',
      });
      await expect(call(buyer, 'ping', { message: 'مرحبا' })).resolves.toEqual({ message: 'مرحبا' });
    });
  });

  describe('a buyer and the broker, on one listing', () => {
    it('should find the listing, read it with its price intelligence, and save and forget it', async () => {
      const found = await call<{ properties: { id: string; title_ar: string }[] }>(buyer, 'buyer_search_properties', {
        q: marker,
      });
      expect(found.properties).toEqual([
        expect.objectContaining({ id: listingId, title_ar: `شقة بإطلالة بحرية ${marker}` }),
      ]);
      await expect(call(buyer, 'buyer_get_property', { property_id: listingId })).resolves.toMatchObject({
        id: listingId,
        title_en: `Sea-view apartment ${marker}`,
      });
      const intel = await call(buyer, 'buyer_price_intel', { property_id: listingId });
      const rest = await api().get(`/v1/properties/${listingId}/price-intel`).expect(200);
      expect(intel).toEqual(rest.body);

      await call(buyer, 'buyer_save_property', { property_id: listingId });
      const saved = await call<Page<{ property: { id: string } }>>(buyer, 'buyer_list_saved_properties');
      expect(saved.data.map((item) => item.property.id)).toEqual([listingId]);
      await expect(call(buyer, 'buyer_unsave_property', { property_id: listingId })).resolves.toEqual({
        removed: true,
      });
      const after = await api().get('/v1/me/saved-properties').set(as(buyer.token)).expect(200);
      expect(after.body).toMatchObject({ data: [] });
    });

    it('should save a search, list it, change its frequency and delete it', async () => {
      const created = await call<{ id: string }>(buyer, 'buyer_save_search', {
        name: `شقق ${marker}`,
        frequency: 'daily',
        query: { q: marker },
      });
      expect(created).toMatchObject({ name: `شقق ${marker}`, frequency: 'daily', query: { q: marker } });
      const listed = await call<Page<{ id: string }>>(buyer, 'buyer_list_saved_searches');
      expect(listed.data.map((search) => search.id)).toEqual([created.id]);
      await expect(
        call(buyer, 'buyer_update_saved_search', { saved_search_id: created.id, frequency: 'weekly' }),
      ).resolves.toMatchObject({ id: created.id, frequency: 'weekly' });
      const stored = await api().get(`/v1/me/saved-searches/${created.id}`).set(as(buyer.token)).expect(200);
      expect(stored.body).toMatchObject({ frequency: 'weekly', name: `شقق ${marker}` });
      await expect(call(buyer, 'buyer_delete_saved_search', { saved_search_id: created.id })).resolves.toEqual({
        deleted: true,
      });
      await api().get(`/v1/me/saved-searches/${created.id}`).set(as(buyer.token)).expect(404);
    });

    it('should carry an Arabic inquiry to the broker and back, through to closing it', async () => {
      const created = await call<{ inquiry: { id: string; status: string } }>(buyer, 'buyer_submit_inquiry', {
        property_id: listingId,
        question: QUESTION_AR,
      });
      const inquiryId = created.inquiry.id;
      expect(created.inquiry.status).toBe('open');

      const inbox = await call<Page<{ id: string }>>(owner, 'broker_list_inquiries');
      expect(inbox.data.map((item) => item.id)).toContain(inquiryId);
      await expect(call(owner, 'broker_get_inquiry_thread', { inquiry_id: inquiryId })).resolves.toMatchObject({
        id: inquiryId,
        question: QUESTION_AR,
        messages: [],
      });
      await expect(
        call(owner, 'broker_reply_to_inquiry', { inquiry_id: inquiryId, body: REPLY_AR }),
      ).resolves.toMatchObject({ body: REPLY_AR });

      const thread = await call<{ status: string; messages: { body: string }[] }>(buyer, 'buyer_get_inquiry_thread', {
        inquiry_id: inquiryId,
      });
      expect(thread.status).toBe('replied');
      expect(thread.messages.map((message) => message.body)).toContain(REPLY_AR);
      await expect(
        call(buyer, 'buyer_send_inquiry_message', { inquiry_id: inquiryId, body: 'شكرًا، سأحضر الساعة الرابعة.' }),
      ).resolves.toMatchObject({ body: 'شكرًا، سأحضر الساعة الرابعة.' });
      const mine = await call<Page<{ id: string }>>(buyer, 'buyer_list_my_inquiries');
      expect(mine.data.map((item) => item.id)).toContain(inquiryId);

      await expect(
        call(owner, 'broker_update_inquiry_status', { inquiry_id: inquiryId, status: 'closed' }),
      ).resolves.toMatchObject({ id: inquiryId, status: 'closed' });
      const closed = await api().get(`/v1/inquiries/${inquiryId}`).set(as(buyer.token)).expect(200);
      expect(closed.body).toMatchObject({ status: 'closed' });
    });

    it("should move the buyer's lead through the broker's pipeline", async () => {
      const leads = await call<Page<{ id: string; property_id: string; stage: string }>>(
        owner,
        'broker_list_crm_leads',
      );
      const lead = leads.data.find((item) => item.property_id === listingId);
      expect(lead).toBeDefined();
      await expect(
        call(owner, 'broker_update_lead_stage', { lead_id: lead?.id, stage: 'negotiating' }),
      ).resolves.toMatchObject({ id: lead?.id, stage: 'negotiating' });
      const rest = await api().get('/v1/workspace/leads').set(as(owner.token)).expect(200);
      expect((rest.body as Page<{ id: string; stage: string }>).data).toContainEqual(
        expect.objectContaining({ id: lead?.id, stage: 'negotiating' }),
      );
    });

    it('should book a viewing the broker confirms and completes, then take the survey', async () => {
      const startsAt = new Date(Date.UTC(2031, 3, 6, 7, 0)).toISOString();
      await api()
        .post('/v1/workspace/slots')
        .set(as(owner.token))
        .send({ property_id: listingId, starts_at: startsAt })
        .expect(201);
      const open = await call<{ slots: { starts_at: string }[] }>(buyer, 'buyer_check_viewing_availability', {
        property_id: listingId,
        from: '2031-04-01T00:00:00Z',
        to: '2031-04-10T00:00:00Z',
      });
      expect(open.slots.map((slot) => slot.starts_at)).toEqual([startsAt]);
      const booked = await call<{ booking: { id: string; status: string } }>(buyer, 'buyer_book_viewing', {
        property_id: listingId,
        scheduled_at: startsAt,
        notes: 'أفضّل الحضور مع العائلة',
      });
      const bookingId = booked.booking.id;
      expect(booked.booking.status).toBe('pending');

      const bookings = await call<Page<{ id: string }>>(owner, 'broker_list_bookings');
      expect(bookings.data.map((item) => item.id)).toContain(bookingId);
      await expect(
        call(owner, 'broker_update_booking_status', { booking_id: bookingId, action: 'confirm' }),
      ).resolves.toMatchObject({ id: bookingId, status: 'confirmed' });
      // The viewing takes place: its time is moved into the past, as a completed viewing's is.
      await sql(`UPDATE leads.bookings SET scheduled_at = now() - interval '2 hours' WHERE id = $1`, [bookingId]);
      await expect(
        call(owner, 'broker_update_booking_status', { booking_id: bookingId, action: 'complete' }),
      ).resolves.toMatchObject({ id: bookingId, status: 'completed' });

      const viewings = await call<Page<{ id: string; status: string }>>(buyer, 'buyer_list_my_viewings');
      expect(viewings.data).toContainEqual(expect.objectContaining({ id: bookingId, status: 'completed' }));
      await call(buyer, 'buyer_submit_viewing_survey', {
        booking_id: bookingId,
        rating: 5,
        outcome: 'still_interested',
        comment: 'الشقة جميلة والوسيط متعاون',
      });
      const survey = await sql<{ rating: number; comment: string }>(
        'SELECT rating, comment FROM leads.surveys WHERE booking_id = $1',
        [bookingId],
      );
      expect(survey).toEqual([{ rating: 5, comment: 'الشقة جميلة والوسيط متعاون' }]);
    });

    it("should reveal the broker's phone", async () => {
      const asker = await createAccount(platform);
      await expect(call(asker, 'buyer_reveal_broker_phone', { property_id: listingId })).resolves.toMatchObject({
        broker_name: owner.name,
        phone: '+966501234567',
      });
    });
  });

  describe("the broker's own listings", () => {
    it('should create, read, change, list and delete a draft listing in Arabic', async () => {
      const created = await call<{ id: string; status: string; title_ar: string }>(owner, 'broker_create_property', {
        property_type: 'villa',
        title_ar: 'فيلا مع حديقة في حي الملقا',
        title_en: 'Villa with a garden in Al Malqa',
        price: 3_200_000,
        city: 'الرياض',
        district: 'الملقا',
        area_sqm: 400,
        bedrooms: 5,
        bathrooms: 4,
      });
      expect(created).toMatchObject({ status: 'draft', title_ar: 'فيلا مع حديقة في حي الملقا' });
      await expect(call(owner, 'broker_get_property', { property_id: created.id })).resolves.toMatchObject({
        id: created.id,
        price: 3_200_000,
      });
      await expect(
        call(owner, 'broker_update_property', { property_id: created.id, price: 3_050_000 }),
      ).resolves.toMatchObject({ id: created.id, price: 3_050_000 });
      const drafts = await call<Page<{ id: string }>>(owner, 'broker_list_properties', { status: 'draft' });
      expect(drafts.data.map((item) => item.id)).toEqual([created.id]);
      await call(owner, 'broker_delete_property', { property_id: created.id });
      await api().get(`/v1/listings/${created.id}`).set(as(owner.token)).expect(404);
    });
  });

  describe('the workspace, its team, keys and balance', () => {
    it('should read the workspace and change its settings, the low-balance alert included', async () => {
      await expect(call(owner, 'workspace_get_settings')).resolves.toMatchObject({ id: owner.workspaceId });
      await expect(
        call(owner, 'workspace_update_settings', {
          name: 'مكتب الخليج العقاري',
          time_zone: 'Asia/Riyadh',
          low_balance_threshold: { decisions: 7 },
        }),
      ).resolves.toMatchObject({
        name: 'مكتب الخليج العقاري',
        time_zone: 'Asia/Riyadh',
        low_balance_threshold: { decisions: 7 },
      });
      const workspace = await api().get('/v1/workspace').set(as(ownerKey)).expect(200);
      expect(workspace.body).toMatchObject({ name: 'مكتب الخليج العقاري', time_zone: 'Asia/Riyadh' });
      const balance = await api().get('/v1/workspace/balance').set(as(ownerKey)).expect(200);
      expect(balance.body).toMatchObject({ low_balance_threshold: { decisions: 7 } });
    });

    it('should list the team, invite, promote and remove a member', async () => {
      const members = await call<Page<{ id: string; role: string }>>(owner, 'workspace_list_members');
      expect(members.data).toContainEqual(expect.objectContaining({ id: owner.accountId, role: 'owner' }));

      const email = `invitee-${randomBytes(4).toString('hex')}@example.test`;
      await expect(call(owner, 'workspace_invite_member', { email, role: 'agent' })).resolves.toMatchObject({
        email,
        role: 'agent',
      });
      const pending = await api().get('/v1/workspace/invitations').set(as(owner.token)).expect(200);
      expect((pending.body as Page<{ email: string }>).data.map((item) => item.email)).toContain(email);

      const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
      await expect(
        call(owner, 'workspace_update_member_role', { member_id: agent.accountId, role: 'admin' }),
      ).resolves.toMatchObject({ role: 'admin' });
      await api().get('/v1/workspace/members').set(as(agent.token)).expect(200); // an admin now
      await expect(call(owner, 'workspace_remove_member', { member_id: agent.accountId })).resolves.toEqual({
        removed: true,
      });
      await api().get('/v1/workspace').set(as(agent.token)).expect(403);
    });

    it('should create an API key that works, list it, and revoke it', async () => {
      const created = await call<{ id: string; secret: string }>(owner, 'workspace_create_api_key', {
        label: 'مزامنة المساعد',
      });
      await api().get('/v1/workspace/balance').set(as(created.secret)).expect(200);
      const keys = await call<Page<{ id: string; label: string }>>(owner, 'workspace_list_api_keys');
      expect(keys.data).toContainEqual(expect.objectContaining({ id: created.id, label: 'مزامنة المساعد' }));
      expect(JSON.stringify(keys)).not.toContain(created.secret);
      await expect(call(owner, 'workspace_delete_api_key', { key_id: created.id })).resolves.toEqual({
        revoked: true,
      });
      const refused = await eventually(
        () => api().get('/v1/workspace/balance').set(as(created.secret)),
        (res) => res.status === 401,
      );
      expect(refused.status).toBe(401);
    });

    it('should decide on a property from Arabic place names, moving the balance by one decision', async () => {
      const places = await call<Page<{ id: number; name_ar: string }>>(owner, 'search_locations', { city: 'الرياض' });
      expect(places.data[0]).toMatchObject({ name_ar: 'الرياض' });
      const before = await call<{ decisions: number }>(owner, 'workspace_get_credit_balance');
      const decision = await call<{ verdict: string; credits_used: number; credits_remaining: number }>(
        owner,
        'decide_property',
        { property: APARTMENT, location: { city: 'الرياض', district: 'العليا' }, reasoning: false },
      );
      expect(decision).toMatchObject({ credits_used: 1, credits_remaining: before.decisions - 1 });
      expect(['match', 'partial', 'no_match']).toContain(decision.verdict);
      await expect(balanceOf(platform, ownerKey)).resolves.toBe(before.decisions - 1);
      await expect(call(owner, 'workspace_get_credit_balance')).resolves.toMatchObject({
        decisions: before.decisions - 1,
      });
    });

    it('should answer district and city trends in both languages, free, and not_found for an unknown place', async () => {
      const [district] = (
        await call<Page<{ id: number; city_id: number }>>(owner, 'search_locations', {
          city: 'الرياض',
          district: 'العليا',
        })
      ).data;
      const before = await call<{ decisions: number }>(owner, 'workspace_get_credit_balance');
      const trends = await call<{ object: string; name_ar: string; city_name_ar: string; quarters: unknown[] }>(
        owner,
        'market_district_trends',
        { district_id: district.id },
      );
      expect(trends).toMatchObject({ object: 'market_trends', city_name_ar: 'الرياض' });
      expect(trends.name_ar).toMatch(/العليا/);
      await expect(call(owner, 'market_city_trends', { city_id: district.city_id })).resolves.toMatchObject({
        scope: 'city',
        name_ar: 'الرياض',
      });
      await expect(failure(owner, 'market_city_trends', { city_id: 999_999_999 })).resolves.toMatchObject({
        error: 'not_found',
      });
      await expect(call(owner, 'workspace_get_credit_balance')).resolves.toMatchObject({ decisions: before.decisions });
    });
  });

  describe("a developer's project, knowledge base and website chat", () => {
    let projectId: string;

    it('should create a project in Arabic, add, change and publish a unit, and list them', async () => {
      const project = await call<{ id: string; name_ar: string; country_code: string }>(
        developer,
        'developer_create_project',
        {
          name_en: 'Palm Oasis',
          name_ar: 'واحة النخيل',
          city: 'الرياض',
          district: 'العليا',
          handover_date: '2027-06-30',
        },
      );
      projectId = project.id;
      expect(project).toMatchObject({ name_ar: 'واحة النخيل', country_code: 'SA' });
      await expect(call(developer, 'developer_get_project', { project_id: projectId })).resolves.toMatchObject({
        id: projectId,
      });
      await expect(
        call(developer, 'developer_update_project', { project_id: projectId, name_en: 'Palm Oasis Residences' }),
      ).resolves.toMatchObject({ name_en: 'Palm Oasis Residences' });
      const unit = await call<{ id: string; status: string }>(developer, 'developer_create_unit', {
        project_id: projectId,
        unit_type: 'villa',
        area_sqm: 320,
        bedrooms: 5,
        price: 2_750_000,
      });
      await expect(
        call(developer, 'developer_update_unit', { project_id: projectId, unit_id: unit.id, price: 2_600_000 }),
      ).resolves.toMatchObject({ id: unit.id, price: 2_600_000 });
      const listing = await call<{ id: string; status: string }>(developer, 'developer_publish_unit', {
        project_id: projectId,
        unit_id: unit.id,
      });
      expect(listing).toMatchObject({ status: 'draft' });
      const units = await call<Page<{ id: string; listing_id: string }>>(developer, 'developer_list_units', {
        project_id: projectId,
      });
      expect(units.data).toEqual([expect.objectContaining({ id: unit.id, listing_id: listing.id })]);
      const projects = await call<Page<{ id: string; unit_count: number }>>(developer, 'developer_list_projects');
      expect(projects.data).toEqual([expect.objectContaining({ id: projectId, unit_count: 1 })]);
    });

    it("should add, find, list, change and delete the project's knowledge in Arabic", async () => {
      const entry = await call<{ id: string }>(developer, 'developer_add_knowledge_article', {
        project_id: projectId,
        kind: 'faq',
        title_ar: 'هل يوجد مسبح؟',
        body_ar: 'نعم، يوجد مسبح للأطفال.',
      });
      const found = await call<{ relevant: boolean; data: { entry_id: string }[] }>(
        developer,
        'developer_search_knowledge',
        { project_id: projectId, q: 'مسبح الاطفال' },
      );
      expect(found).toMatchObject({ relevant: true, data: [expect.objectContaining({ entry_id: entry.id })] });
      await call(developer, 'developer_update_knowledge_article', {
        project_id: projectId,
        entry_id: entry.id,
        body_ar: 'نعم، يوجد مسبح للأطفال وآخر للكبار.',
      });
      const listed = await call<Page<{ id: string; body_ar: string }>>(developer, 'developer_list_knowledge', {
        project_id: projectId,
      });
      expect(listed.data).toEqual([
        expect.objectContaining({ id: entry.id, body_ar: 'نعم، يوجد مسبح للأطفال وآخر للكبار.' }),
      ]);
      await expect(
        call(developer, 'developer_delete_knowledge_article', { project_id: projectId, entry_id: entry.id }),
      ).resolves.toEqual({ id: entry.id, deleted: true });
    });

    it("should open the project's widget, answer a visitor as a person, and make the chat a lead", async () => {
      const widget = await call<{ id: string; enabled: boolean }>(developer, 'developer_get_widget_config', {
        project_id: projectId,
      });
      expect(widget.enabled).toBe(false);
      await expect(
        call(developer, 'developer_update_widget_config', {
          project_id: projectId,
          enabled: true,
          allowed_origins: [SITE],
          greeting_ar: 'أهلًا بك في واحة النخيل!',
        }),
      ).resolves.toMatchObject({ id: widget.id, enabled: true });

      const chat = (
        await api().post(`/v1/widgets/${widget.id}/sessions`).set('origin', SITE).send({ language: 'ar' }).expect(201)
      ).body as { session: { id: string }; token: string };
      await api()
        .post(`/v1/widget-sessions/${chat.session.id}/messages`)
        .set(as(chat.token))
        .send({ text: 'أريد التحدث مع موظف' })
        .expect(201);
      await api()
        .post(`/v1/widget-sessions/${chat.session.id}/contact`)
        .set(as(chat.token))
        .send({ name: 'محمد العتيبي', phone: '+966551234567' })
        .expect(200);

      const chats = await call<Page<{ id: string }>>(developer, 'developer_list_conversations');
      expect(chats.data.map((item) => item.id)).toContain(chat.session.id);
      await expect(
        call(developer, 'developer_reply_to_conversation', {
          conversation_id: chat.session.id,
          text: 'أهلًا! معك فريق المبيعات.',
        }),
      ).resolves.toMatchObject({ message: { author: 'agent', text: 'أهلًا! معك فريق المبيعات.' } });
      const thread = await call<{ messages: { text: string }[] }>(developer, 'developer_get_conversation', {
        conversation_id: chat.session.id,
      });
      expect(thread.messages.map((message) => message.text)).toEqual(
        expect.arrayContaining(['أريد التحدث مع موظف', 'أهلًا! معك فريق المبيعات.']),
      );
      await expect(
        call(developer, 'developer_promote_conversation', { conversation_id: chat.session.id }),
      ).resolves.toMatchObject({ source: 'widget', contact: { name: 'محمد العتيبي', phone: '+966551234567' } });
    });

    it('should delete the project, after which it is gone', async () => {
      await expect(call(developer, 'developer_delete_project', { project_id: projectId })).resolves.toMatchObject({
        id: projectId,
        deleted: true,
      });
      await expect(failure(developer, 'developer_get_project', { project_id: projectId })).resolves.toMatchObject({
        error: 'project_not_found',
      });
    });
  });

  describe('coverage', () => {
    it('should have called every tool the server offers a broker owner or a developer owner', async () => {
      const offered = new Set<string>();
      for (const account of [owner, developer]) {
        const { tools } = await (await clientFor(account)).listTools();
        for (const tool of tools) offered.add(tool.name);
      }
      const neverCalled = [...offered].filter((name) => !called.has(name)).sort();
      expect({ neverCalled }).toEqual({ neverCalled: [] });
      expect(offered.size).toBeGreaterThanOrEqual(60);
    });
  });
});
