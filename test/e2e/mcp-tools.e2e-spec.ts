import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { balanceOf, fundedWorkspace } from '../harness/billing-fixtures';
import { publishedListing } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createApiKey, createMember, createWorkspace } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { mcpClient, mcpFactoryOf, principalOf } from '../harness/mcp-client';
import type { McpServerFactory } from '../../apps/gateway/src/mcp/mcp-server.factory';
import { describeE2e } from '../harness/mode';
import { sharedPlatformWithMcp } from '../harness/platform';
import type { Platform } from '../harness/platform';

const SESSION = ['whoami', 'ping'];
const BUYER = [
  'buyer_search_properties',
  'buyer_get_property',
  'buyer_price_intel',
  'buyer_save_property',
  'buyer_unsave_property',
  'buyer_list_saved_properties',
  'buyer_save_search',
  'buyer_list_saved_searches',
  'buyer_update_saved_search',
  'buyer_delete_saved_search',
  'buyer_submit_inquiry',
  'buyer_get_inquiry_thread',
  'buyer_send_inquiry_message',
  'buyer_list_my_inquiries',
  'buyer_book_viewing',
  'buyer_check_viewing_availability',
  'buyer_list_my_viewings',
  'buyer_submit_viewing_survey',
  'buyer_reveal_broker_phone',
];
const BROKER = [
  'broker_list_properties',
  'broker_get_property',
  'broker_create_property',
  'broker_update_property',
  'broker_delete_property',
  'broker_list_inquiries',
  'broker_get_inquiry_thread',
  'broker_reply_to_inquiry',
  'broker_update_inquiry_status',
  'broker_list_bookings',
  'broker_update_booking_status',
  'broker_list_crm_leads',
  'broker_update_lead_stage',
];
const WORKSPACE_MANAGER = [
  'workspace_update_settings',
  'workspace_list_members',
  'workspace_invite_member',
  'workspace_update_member_role',
  'workspace_remove_member',
  'workspace_list_api_keys',
  'workspace_create_api_key',
  'workspace_delete_api_key',
  'workspace_get_credit_balance',
];
const DECISION = ['decide_property', 'search_locations', 'market_district_trends', 'market_city_trends'];
const DEVELOPER_PROJECTS = [
  'developer_list_projects',
  'developer_get_project',
  'developer_create_project',
  'developer_update_project',
  'developer_delete_project',
  'developer_list_units',
  'developer_create_unit',
  'developer_update_unit',
  'developer_publish_unit',
];
const BROKER_TOOLS = [...SESSION, ...BUYER, ...BROKER, 'workspace_get_settings', ...WORKSPACE_MANAGER, ...DECISION];
const DEVELOPER_KNOWLEDGE_READ = ['developer_list_knowledge', 'developer_search_knowledge'];
const DEVELOPER_KNOWLEDGE = [
  ...DEVELOPER_KNOWLEDGE_READ,
  'developer_add_knowledge_article',
  'developer_update_knowledge_article',
  'developer_delete_knowledge_article',
];
const DEVELOPER_INBOX_READ_REPLY = [
  'developer_list_conversations',
  'developer_get_conversation',
  'developer_reply_to_conversation',
  'developer_promote_conversation',
];
const DEVELOPER_INBOX = [
  'developer_get_widget_config',
  'developer_update_widget_config',
  ...DEVELOPER_INBOX_READ_REPLY,
];
const EVERY_TOOL = [...BROKER_TOOLS, ...DEVELOPER_PROJECTS, ...DEVELOPER_KNOWLEDGE, ...DEVELOPER_INBOX];

const QUESTION_AR = 'هل الشقة متاحة للمعاينة يوم الجمعة؟';
const APARTMENT = { type: 'apartment', price: 1_500_000, area: 120, bedrooms: 3 };

describeE2e('MCP tools: the catalogue per role, calling the REST routes’ handlers', () => {
  let platform: Platform;
  let mcp: { factory: McpServerFactory; close(): Promise<void> };
  let buyer: AccountFixture;
  let owner: MemberFixture;
  let listingId: string;

  const clients: Client[] = [];
  async function clientFor(account: AccountFixture | MemberFixture): Promise<Client> {
    const client = await mcpClient(mcp.factory, principalOf(account));
    clients.push(client);
    await client.listTools(); // the SDK client then checks every result against the tool's output schema
    return client;
  }

  /** A successful call's structured result (the SDK client has checked it against the output schema). */
  async function call<T = Record<string, unknown>>(client: Client, name: string, args: object = {}): Promise<T> {
    const result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
    return result.structuredContent as T;
  }

  /** A failed call's REST error envelope. */
  async function failure(client: Client, name: string, args: object = {}): Promise<Record<string, unknown>> {
    const result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
    expect(result.isError).toBe(true);
    const [content] = result.content;
    return JSON.parse((content as { text: string }).text) as Record<string, unknown>;
  }

  beforeAll(async () => {
    platform = await sharedPlatformWithMcp();
    mcp = await mcpFactoryOf(platform);
    buyer = await createAccount(platform, { name: 'سارة المشترية' });
    owner = await createMember(platform, { role: 'owner' });
    listingId = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
    // Place the listing where the gazetteer puts Riyadh, so the Arabic city name finds it.
    const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
    const riyadh = await request(platform.baseUrl)
      .get('/v1/locations')
      .query({ city: 'الرياض' })
      .set('authorization', `Bearer ${key}`)
      .expect(200);
    const cityId = (riyadh.body as { data: { id: number }[] }).data[0].id;
    await withClient(platform.databaseUrl, (db) =>
      db.query('UPDATE catalogue.listings SET city_id = $1 WHERE id = $2', [cityId, listingId]),
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await mcp?.close();
    await platform?.close();
  });

  describe('role matrix', () => {
    it('should list exactly each role’s tools and refuse every hidden one like an unknown tool', async () => {
      const developerWorkspace = (await createWorkspace(platform, { kind: 'developer' })).id;
      const developer = await createMember(platform, { role: 'owner', workspaceId: developerWorkspace });
      const developerAgent = await createMember(platform, { role: 'agent', workspaceId: developerWorkspace });
      const admin = await createMember(platform, { role: 'admin', workspaceId: owner.workspaceId });
      const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
      const cases: [string, AccountFixture | MemberFixture, string[]][] = [
        ['buyer', buyer, [...SESSION, ...BUYER]],
        [
          'developer',
          developer,
          [...SESSION, ...BUYER, ...DEVELOPER_PROJECTS, ...DEVELOPER_KNOWLEDGE, ...DEVELOPER_INBOX],
        ],
        [
          'developer agent',
          developerAgent,
          [...SESSION, ...BUYER, ...DEVELOPER_PROJECTS, ...DEVELOPER_KNOWLEDGE_READ, ...DEVELOPER_INBOX_READ_REPLY],
        ],
        ['broker owner', owner, BROKER_TOOLS],
        ['admin', admin, BROKER_TOOLS],
        ['agent', agent, [...SESSION, ...BUYER, ...BROKER, 'workspace_get_settings', ...DECISION]],
      ];
      const unknown = await (await clientFor(buyer)).callTool({ name: 'no_such_tool' }).catch((e: Error) => e);
      expect(unknown).toMatchObject({ code: -32602, message: expect.stringContaining('Tool no_such_tool not found') });

      for (const [role, account, expected] of cases) {
        const client = await clientFor(account);
        const { tools } = await client.listTools();
        expect({ role, tools: tools.map((tool) => tool.name).sort() }).toEqual({ role, tools: [...expected].sort() });
        for (const tool of tools) {
          expect(tool.description).toBeTruthy();
          expect(tool.inputSchema.type).toBe('object');
          expect(tool.outputSchema?.type).toBe('object');
          expect(tool.annotations).toEqual(
            expect.objectContaining({
              readOnlyHint: expect.any(Boolean),
              destructiveHint: expect.any(Boolean),
              idempotentHint: expect.any(Boolean),
            }),
          );
          for (const [name, field] of Object.entries(tool.inputSchema.properties ?? {}))
            expect({ tool: tool.name, name, description: (field as { description?: string }).description }).toEqual({
              tool: tool.name,
              name,
              description: expect.any(String),
            });
        }
        for (const hidden of EVERY_TOOL.filter((name) => !expected.includes(name))) {
          const refused = await client.callTool({ name: hidden, arguments: {} }).catch((e: Error) => e);
          expect({ role, hidden, refused }).toEqual({
            role,
            hidden,
            refused: expect.objectContaining({
              code: -32602,
              message: expect.stringContaining(`Tool ${hidden} not found`),
            }),
          });
        }
      }
    });

    it('should answer whoami and ping for the signed-in person', async () => {
      const client = await clientFor(owner);
      await expect(call(client, 'whoami')).resolves.toEqual({
        account_id: owner.accountId,
        name: owner.name,
        email: owner.email,
        account_role: 'broker',
        workspace_id: owner.workspaceId,
        workspace_role: 'owner',
      });
      await expect(call(client, 'ping', { message: 'مرحبا' })).resolves.toEqual({ message: 'مرحبا' });
    });
  });

  describe('developer knowledge tools', () => {
    it("should add, search, list, update and delete a project's knowledge in Arabic, as the REST routes do", async () => {
      const developer = await createMember(platform, {
        role: 'owner',
        workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
      });
      const project = (
        await request(platform.baseUrl)
          .post('/v1/projects')
          .set('authorization', `Bearer ${developer.token}`)
          .send({
            name_en: 'Palm Oasis',
            name_ar: 'واحة النخيل',
            description_en: 'Off-plan residential compound.',
            description_ar: 'مجمع سكني على الخارطة.',
            city: 'الرياض',
            district: 'العليا',
            status: 'off_plan',
            handover_date: '2027-12-31',
            rega_licence_number: '1234567890',
            escrow_account_number: 'SA0380000000608010167519',
          })
          .expect(201)
      ).body as { id: string };
      const client = await clientFor(developer);
      const entry = await call<{ id: string; kind: string; passages: { ar: number } }>(
        client,
        'developer_add_knowledge_article',
        { project_id: project.id, kind: 'faq', title_ar: 'هل يوجد مسبح؟', body_ar: 'نعم، يوجد مسبح للأطفال.' },
      );
      expect(entry).toMatchObject({ kind: 'faq', passages: { ar: 1 } });
      const found = await call<{ relevant: boolean; data: { entry_id: string }[] }>(
        client,
        'developer_search_knowledge',
        {
          project_id: project.id,
          q: 'مسبح الاطفال',
        },
      );
      expect(found).toMatchObject({ relevant: true, data: [expect.objectContaining({ entry_id: entry.id })] });
      await call(client, 'developer_update_knowledge_article', {
        project_id: project.id,
        entry_id: entry.id,
        body_ar: 'نعم، يوجد مسبح للأطفال وآخر للكبار.',
      });
      const listed = await call<{ data: { id: string; body_ar: string }[] }>(client, 'developer_list_knowledge', {
        project_id: project.id,
      });
      expect(listed.data).toEqual([
        expect.objectContaining({ id: entry.id, body_ar: 'نعم، يوجد مسبح للأطفال وآخر للكبار.' }),
      ]);
      const rest = await request(platform.baseUrl)
        .get(`/v1/projects/${project.id}/knowledge`)
        .set('authorization', `Bearer ${developer.token}`)
        .expect(200);
      expect(rest.body).toEqual(listed);
      await expect(
        call(client, 'developer_delete_knowledge_article', { project_id: project.id, entry_id: entry.id }),
      ).resolves.toEqual({ id: entry.id, deleted: true });
      const stranger = await clientFor(
        await createMember(platform, {
          role: 'owner',
          workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
        }),
      );
      await expect(failure(stranger, 'developer_list_knowledge', { project_id: project.id })).resolves.toMatchObject({
        error: 'project_not_found',
      });
    });
  });

  describe('buyer tools', () => {
    it('should search with an Arabic city, return both languages, and match the REST search', async () => {
      const client = await clientFor(buyer);
      const found = await call<{ properties: { id: string; title_ar: string; title_en: string }[] }>(
        client,
        'buyer_search_properties',
        { city: 'الرياض', max_price_sar: 2_000_000, limit: 50 },
      );
      const rest = await request(platform.baseUrl)
        .get('/v1/properties')
        .query({ city: 'الرياض', max_price_sar: 2_000_000, limit: 50 })
        .expect(200);
      expect(found).toEqual(rest.body);
      expect(found.properties).toContainEqual(
        expect.objectContaining({ id: listingId, title_ar: 'شقة بإطلالة بحرية', title_en: 'Sea-view apartment' }),
      );
    });

    it('should refuse bad input with the REST error code and field', async () => {
      const client = await clientFor(buyer);
      await expect(failure(client, 'buyer_search_properties', { limit: 0 })).resolves.toMatchObject({
        error: 'invalid_param',
        field: 'limit',
      });
      await expect(
        failure(client, 'buyer_submit_inquiry', { property_id: listingId, question: 'س'.repeat(2001) }),
      ).resolves.toMatchObject({ error: 'validation_error', field: 'question' });
      await expect(failure(client, 'buyer_save_property', { property_id: listingId, extra: 1 })).resolves.toMatchObject(
        { error: 'validation_error', field: 'extra' },
      );
      await expect(failure(client, 'buyer_get_property', {})).resolves.toMatchObject({
        error: 'validation_error',
        field: 'property_id',
      });
    });

    it('should save a property and list it among the saved ones', async () => {
      const client = await clientFor(buyer);
      await call(client, 'buyer_save_property', { property_id: listingId });
      const saved = await call<{ data: { property: { id: string } }[] }>(client, 'buyer_list_saved_properties');
      expect(saved.data.map((item) => item.property.id)).toContain(listingId);
      const rest = await request(platform.baseUrl)
        .get('/v1/me/saved-properties')
        .set('authorization', `Bearer ${buyer.token}`)
        .expect(200);
      expect(rest.body).toEqual(saved);
    });

    it('should send an Arabic inquiry the broker sees and answers in the thread', async () => {
      const asker = await createAccount(platform);
      const buyerClient = await clientFor(asker);
      const created = await call<{ inquiry: { id: string; question: string; status: string }; charged: boolean }>(
        buyerClient,
        'buyer_submit_inquiry',
        { property_id: listingId, question: QUESTION_AR },
      );
      expect(created.inquiry).toMatchObject({ question: QUESTION_AR, status: 'open' });

      const brokerClient = await clientFor(owner);
      const inbox = await call<{ data: { id: string }[] }>(brokerClient, 'broker_list_inquiries');
      expect(inbox.data.map((item) => item.id)).toContain(created.inquiry.id);
      await call(brokerClient, 'broker_reply_to_inquiry', { inquiry_id: created.inquiry.id, body: 'نعم، متاحة.' });
      const thread = await call<{ status: string; messages: { body: string }[] }>(
        buyerClient,
        'buyer_get_inquiry_thread',
        { inquiry_id: created.inquiry.id },
      );
      expect(thread.status).toBe('replied');
      expect(thread.messages.map((message) => message.body)).toContain('نعم، متاحة.');
    });

    it('should book a viewing at an open slot, once', async () => {
      const startsAt = new Date(Date.UTC(2031, 2, 3, 7, 0)).toISOString();
      await request(platform.baseUrl)
        .post('/v1/workspace/slots')
        .set('authorization', `Bearer ${owner.token}`)
        .send({ property_id: listingId, starts_at: startsAt })
        .expect(201);
      const client = await clientFor(buyer);
      const open = await call<{ slots: { starts_at: string }[] }>(client, 'buyer_check_viewing_availability', {
        property_id: listingId,
        from: '2031-03-01T00:00:00Z',
        to: '2031-03-10T00:00:00Z',
      });
      expect(open.slots.map((slot) => slot.starts_at)).toContain(startsAt);
      const booked = await call<{ booking: { status: string; scheduled_at: string } }>(client, 'buyer_book_viewing', {
        property_id: listingId,
        scheduled_at: startsAt,
      });
      expect(booked.booking).toMatchObject({ status: 'pending', scheduled_at: startsAt });
      const other = await clientFor(await createAccount(platform));
      await expect(
        failure(other, 'buyer_book_viewing', { property_id: listingId, scheduled_at: startsAt }),
      ).resolves.toMatchObject({ error: 'slot_already_booked' });
    });
  });

  describe('broker tools', () => {
    it('should answer not_found for another workspace’s listing', async () => {
      const stranger = await createMember(platform, { role: 'owner' });
      const client = await clientFor(stranger);
      await expect(failure(client, 'broker_get_property', { property_id: listingId })).resolves.toMatchObject({
        error: 'not_found',
      });
      await expect(
        call(await clientFor(owner), 'broker_get_property', { property_id: listingId }),
      ).resolves.toMatchObject({ id: listingId });
    });

    it('should decide on a property from Arabic place names and charge the workspace balance', async () => {
      const funded = await fundedWorkspace(platform, 5);
      const client = await clientFor(funded.owner);
      const decision = await call<{
        verdict: string;
        credits_used: number;
        credits_remaining: number;
        price_guidance: Record<string, unknown>;
      }>(client, 'decide_property', {
        property: APARTMENT,
        location: { city: 'الرياض', district: 'العليا' },
        reasoning: false,
      });
      expect(decision).toMatchObject({ credits_used: 1, credits_remaining: 4 });
      expect(['match', 'partial', 'no_match']).toContain(decision.verdict);
      // Issue 30: the REST decision's price guidance, in the same single credit.
      expect(Object.keys(decision.price_guidance).sort()).toEqual(
        ['fair_range_sar', 'limited_by', 'partial_at_any_price', 'price_to_match_sar', 'price_to_partial_sar'].sort(),
      );
      await expect(balanceOf(platform, funded.key)).resolves.toBe(4);
      const places = await call<{ data: { name_ar: string }[] }>(client, 'search_locations', { city: 'الرياض' });
      expect(places.data[0].name_ar).toBe('الرياض');
    });

    it('should refuse a decision the workspace cannot pay for, spending nothing', async () => {
      const broke = await createMember(platform, { role: 'owner' });
      const key = await createApiKey(platform, broke.workspaceId, broke.accountId);
      expect(await balanceOf(platform, key)).toBe(0);
      const refused = await failure(await clientFor(broke), 'decide_property', {
        property: APARTMENT,
        location: { city: 'Riyadh', district: 'Al Olaya' },
        reasoning: false,
      });
      expect(refused).toMatchObject({ error: 'insufficient_decisions', required: 1, balance: 0 });
      await expect(balanceOf(platform, key)).resolves.toBe(0);
    });

    it('should show an agent the workspace but refuse it the balance', async () => {
      const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
      const client = await clientFor(agent);
      await expect(call(client, 'workspace_get_settings')).resolves.toMatchObject({ id: owner.workspaceId });
      await expect(client.callTool({ name: 'workspace_get_credit_balance' })).rejects.toMatchObject({ code: -32602 });
    });
  });

  describe('developer project tools', () => {
    it('should create a project in Arabic, add and sell a unit, publish one, and answer project_not_found across workspaces', async () => {
      const developer = await createMember(platform, {
        role: 'agent',
        workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
      });
      const client = await clientFor(developer);
      const project = await call<{ id: string; name_ar: string; country_code: string }>(
        client,
        'developer_create_project',
        {
          name_en: 'Palm Oasis',
          name_ar: 'واحة النخيل',
          city: 'الرياض',
          district: 'العليا',
          handover_date: '2027-06-30',
        },
      );
      expect(project).toMatchObject({ name_ar: 'واحة النخيل', country_code: 'SA' });
      const unit = await call<{ id: string; currency: string; status: string }>(client, 'developer_create_unit', {
        project_id: project.id,
        unit_type: 'villa',
        area_sqm: 320,
        bedrooms: 5,
        price: 2_750_000,
      });
      expect(unit).toMatchObject({ currency: 'SAR', status: 'available' });
      const land = await failure(client, 'developer_create_unit', {
        project_id: project.id,
        unit_type: 'land',
        area_sqm: 600,
        bedrooms: 2,
        price: 1_000_000,
      });
      expect(land).toMatchObject({ error: 'validation_error', field: 'bedrooms' });
      const listing = await call<{ id: string; status: string; unit_id: string }>(client, 'developer_publish_unit', {
        project_id: project.id,
        unit_id: unit.id,
      });
      expect(listing).toMatchObject({ status: 'draft', unit_id: unit.id });
      await expect(
        call(client, 'developer_update_unit', { project_id: project.id, unit_id: unit.id, status: 'reserved' }),
      ).resolves.toMatchObject({ status: 'reserved' });
      const units = await call<{ data: { id: string; listing_id: string }[] }>(client, 'developer_list_units', {
        project_id: project.id,
      });
      expect(units.data).toEqual([expect.objectContaining({ id: unit.id, listing_id: listing.id })]);
      await expect(call(client, 'developer_list_projects', { sort: 'name_ar' })).resolves.toMatchObject({
        data: [expect.objectContaining({ id: project.id, unit_count: 1 })],
      });
      await expect(
        call(client, 'developer_update_project', { project_id: project.id, status: 'ready' }),
      ).resolves.toMatchObject({ status: 'ready' });

      const stranger = await createMember(platform, {
        role: 'owner',
        workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
      });
      await expect(
        failure(await clientFor(stranger), 'developer_get_project', { project_id: project.id }),
      ).resolves.toMatchObject({ error: 'project_not_found' });
      await expect(call(client, 'developer_delete_project', { project_id: project.id })).resolves.toMatchObject({
        deleted: true,
      });
      await expect(failure(client, 'developer_get_project', { project_id: project.id })).resolves.toMatchObject({
        error: 'project_not_found',
      });
    });
  });
});
