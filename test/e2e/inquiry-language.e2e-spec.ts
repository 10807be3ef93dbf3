import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { InquiryCreatedResponse, InquiryResponse } from '@app/contracts';
import { publishedListing } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { mcpClientOverOAuth } from '../harness/mcp-client';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/**
 * An inquiry's `preferred_language`, written once in the contract (CreateInquiryBody and
 * InquiryResponse), stored by the leads service, and so the same over REST, MCP and in the
 * OpenAPI document without a line of its own in the gateway.
 */
describeE2e('inquiries: the language the buyer wants the answer in', () => {
  let platform: Platform;
  let broker: MemberFixture;
  let buyer: AccountFixture;
  let listingId: string;
  let assistant: Client;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const stored = (buyerId: string) =>
    withClient(platform.databaseUrl, async (db) => {
      const result = await db.query<{ preferred_language: string | null }>(
        `SELECT preferred_language FROM leads.inquiries WHERE buyer_id = $1 ORDER BY created_at, id`,
        [buyerId],
      );
      return result.rows.map((row) => row.preferred_language);
    });

  beforeAll(async () => {
    platform = await sharedPlatform();
    broker = await createMember(platform, { role: 'owner', name: 'وسيط اللغات' });
    buyer = await createAccount(platform, { name: 'ليلى المشترية' });
    listingId = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
    assistant = await mcpClientOverOAuth(platform.gatewayUrl, buyer);
  });

  afterAll(async () => {
    await assistant?.close();
    await platform?.close();
  });

  it('should store the language a buyer asks for and show it to both sides, and null when none is given', async () => {
    const created = await api()
      .post('/v1/inquiries')
      .set(as(buyer.token))
      .send({ property_id: listingId, question: 'هل السعر قابل للتفاوض؟', preferred_language: 'ar' })
      .expect(201);
    const { inquiry } = created.body as InquiryCreatedResponse;
    expect(inquiry).toMatchObject({ question: 'هل السعر قابل للتفاوض؟', preferred_language: 'ar' });

    const thread = await api().get(`/v1/inquiries/${inquiry.id}`).set(as(broker.token)).expect(200);
    expect(thread.body).toMatchObject({ id: inquiry.id, preferred_language: 'ar' });
    const inbox = await api().get('/v1/inquiries').set(as(broker.token)).query({ property_id: listingId }).expect(200);
    expect((inbox.body as { data: InquiryResponse[] }).data).toContainEqual(
      expect.objectContaining({ id: inquiry.id, preferred_language: 'ar' }),
    );

    const plain = await api()
      .post('/v1/inquiries')
      .set(as(buyer.token))
      .send({ property_id: listingId, question: 'Is parking included?' })
      .expect(201);
    expect((plain.body as InquiryCreatedResponse).inquiry.preferred_language).toBeNull();
    expect(await stored(buyer.accountId)).toEqual(['ar', null]);
  });

  it('should refuse a language it does not offer with a 422 naming the field, and store nothing', async () => {
    const fresh = await createAccount(platform);
    const refused = await api()
      .post('/v1/inquiries')
      .set(as(fresh.token))
      .send({ property_id: listingId, question: 'Bonjour', preferred_language: 'fr' })
      .expect(422);
    expect(refused.body).toMatchObject({
      error: 'validation_error',
      field: 'preferred_language',
      message: expect.stringMatching(/preferred_language must be one of the following values: en, ar/),
    });
    expect(await stored(fresh.accountId)).toEqual([]);
  });

  it('should take and answer the same field through the buyer_submit_inquiry tool, with the contract’s words', async () => {
    const { tools } = await assistant.listTools();
    const submit = tools.find((tool) => tool.name === 'buyer_submit_inquiry');
    expect(submit?.inputSchema.properties?.preferred_language).toEqual({
      type: 'string',
      enum: ['en', 'ar'],
      description: 'The language you want the answer in: `ar` or `en`. Left out: no preference.',
    });

    const answered = (await assistant.callTool({
      name: 'buyer_submit_inquiry',
      arguments: { property_id: listingId, question: 'Can I visit on Saturday?', preferred_language: 'en' },
    })) as CallToolResult;
    expect(answered.isError).toBeFalsy();
    expect((answered.structuredContent as unknown as InquiryCreatedResponse).inquiry.preferred_language).toBe('en');

    const refused = (await assistant.callTool({
      name: 'buyer_submit_inquiry',
      arguments: { property_id: listingId, question: 'Hallo', preferred_language: 'de' },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({
      error: 'validation_error',
      field: 'preferred_language',
    });
    expect(await stored(buyer.accountId)).toEqual(['ar', null, 'en']);
  });

  it('should document the field in the served OpenAPI document, sent optional and answered nullable', async () => {
    const document = (await api().get('/openapi.json').expect(200)).body as {
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    const { CreateInquiryBody: body, InquiryResponse: answer } = document.components.schemas;
    expect(body.properties.preferred_language).toMatchObject({ enum: ['en', 'ar'] });
    expect(body.required ?? []).not.toContain('preferred_language');
    expect(answer.properties.preferred_language).toMatchObject({ enum: ['en', 'ar', null] });
    expect(answer.required).toContain('preferred_language');
  });
});
