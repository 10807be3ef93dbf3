import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PropertiesPage, PropertyDetailResponse } from '@app/contracts';
import { backdatePrice, createModerator, priceChanges, publishThroughApi } from '../harness/catalogue-fixtures';
import { createAccount, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { mcpClientOverOAuth } from '../harness/mcp-client';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const TITLE_AR = 'شقة مجددة في حي العليا';

describeE2e('price history: the detail shows the changes, the search finds reduced listings and sorts by drop', () => {
  let platform: Platform;
  let broker: MemberFixture;
  let moderator: AccountFixture;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A word no other listing carries, so a search by `q` finds this test's listings only. */
  const marker = () => `Marker${randomBytes(4).toString('hex')}`;

  async function publish(title: string, price: number): Promise<string> {
    const listing = await publishThroughApi(
      platform,
      { broker: broker.token, moderator: moderator.token },
      { title_en: title, title_ar: TITLE_AR, price },
    );
    return listing.id;
  }

  const reprice = (id: string, price: number) =>
    api().patch(`/v1/listings/${id}`).set(as(broker.token)).send({ price }).expect(200);

  /** Published 40 days ago at `from`, repriced to `to` 5 days ago. */
  async function repricedLately(title: string, from: number, to: number): Promise<string> {
    const id = await publish(title, from);
    await reprice(id, to);
    await backdatePrice(platform, id, from, 40);
    await backdatePrice(platform, id, to, 5);
    return id;
  }

  const search = async (query: Record<string, string>) =>
    ((await api().get('/v1/properties').query(query).expect(200)).body as PropertiesPage).properties;

  beforeAll(async () => {
    platform = await sharedPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
    broker = await createMember(platform, { role: 'owner', name: 'Layla Broker' });
    moderator = await createModerator(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('should show both price changes of a published listing in order with the change over 30 days', async () => {
    const id = await publish(`Bright apartment ${marker()}`, 1_200_000);
    await reprice(id, 1_150_000);
    await reprice(id, 1_080_000);
    // Each edit stored one row beside the publication's; then dated into the past.
    expect((await priceChanges(platform, id)).map((change) => change.price_sar)).toEqual([
      1_200_000, 1_150_000, 1_080_000,
    ]);
    await backdatePrice(platform, id, 1_200_000, 45);
    await backdatePrice(platform, id, 1_150_000, 12);
    await backdatePrice(platform, id, 1_080_000, 3);

    const detail = (await api().get(`/v1/properties/${id}`).expect(200)).body as PropertyDetailResponse;
    expect(detail).toMatchObject({ price_sar: 1_080_000, title_ar: TITLE_AR, price_change_pct_30d: -10 });
    expect(detail.price_history.map((change) => change.price_sar)).toEqual([1_200_000, 1_150_000, 1_080_000]);
    const times = detail.price_history.map((change) => Date.parse(change.changed_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - times[0]).toBeGreaterThan(44 * 24 * 3600 * 1000);
  });

  it('should show a single price and no change when a listing was published and never repriced', async () => {
    const id = await publish(`Calm apartment ${marker()}`, 900_000);
    const detail = (await api().get(`/v1/properties/${id}`).expect(200)).body as PropertyDetailResponse;
    expect(detail.price_history).toEqual([{ price_sar: 900_000, changed_at: expect.any(String) }]);
    expect(detail.price_change_pct_30d).toBeNull();
  });

  it('should find only reduced listings with reduced=true and order them by their drop with sort=price_drop', async () => {
    const word = marker();
    const smallDrop = await repricedLately(`Small drop ${word}`, 1_000_000, 950_000); // -5%
    const bigDrop = await repricedLately(`Big drop ${word}`, 1_000_000, 800_000); // -20%
    const raised = await repricedLately(`Raised ${word}`, 1_000_000, 1_100_000);
    const unchanged = await publish(`Unchanged ${word}`, 1_000_000);
    await backdatePrice(platform, unchanged, 1_000_000, 60);

    const reduced = await search({ q: word, reduced: 'true' });
    expect(reduced.map((p) => p.id).sort()).toEqual([smallDrop, bigDrop].sort());
    expect(reduced.every((p) => p.title_ar === TITLE_AR)).toBe(true);

    const all = await search({ q: word, reduced: 'false' });
    expect(all.map((p) => p.id).sort()).toEqual([smallDrop, bigDrop, raised, unchanged].sort());

    const byDrop = await search({ q: word, sort: 'price_drop' });
    expect(byDrop.map((p) => p.id).slice(0, 2)).toEqual([bigDrop, smallDrop]);
    expect(
      byDrop
        .map((p) => p.id)
        .slice(2)
        .sort(),
    ).toEqual([raised, unchanged].sort());
    expect((await search({ q: word, sort: 'price_drop', reduced: 'true' })).map((p) => p.id)).toEqual([
      bigDrop,
      smallDrop,
    ]);
    // Page by page, across the drops' end, the order is the same without gaps or repeats.
    const paged = [];
    for (let offset = 0; offset < 4; offset++)
      paged.push(...(await search({ q: word, sort: 'price_drop', limit: '1', offset: String(offset) })));
    expect(paged.map((p) => p.id)).toEqual(byDrop.map((p) => p.id));
    expect((await search({ q: word, sort: 'price_drop', offset: '3' })).map((p) => p.id)).toEqual([byDrop[3].id]);

    const detail = (await api().get(`/v1/properties/${bigDrop}`).expect(200)).body as PropertyDetailResponse;
    expect(detail.price_change_pct_30d).toBe(-20);
  });

  it('should find reduced listings the same way through the MCP search tool, and refuse a bad reduced', async () => {
    const word = marker();
    const cut = await repricedLately(`Cut ${word}`, 2_000_000, 1_700_000);
    await publish(`Kept ${word}`, 2_000_000);
    const client = await mcpClientOverOAuth(platform.gatewayUrl, await createAccount(platform));
    try {
      const found = (await client.callTool({
        name: 'buyer_search_properties',
        arguments: { q: word, reduced: true, sort: 'price_drop' },
      })) as CallToolResult;
      expect(found.isError).toBeFalsy();
      expect((found.structuredContent as unknown as PropertiesPage).properties).toEqual([
        expect.objectContaining({ id: cut, title_ar: TITLE_AR, price_sar: 1_700_000 }),
      ]);
      const refused = (await client.callTool({
        name: 'buyer_search_properties',
        arguments: { q: word, reduced: 'maybe' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({
        error: 'invalid_param',
        field: 'reduced',
      });
    } finally {
      await client.close();
    }
  });

  it('should answer 400 invalid_param naming reduced when its value is not true or false', async () => {
    for (const value of ['yes', '1', '']) {
      const res = await api().get('/v1/properties').query({ reduced: value }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_param', field: 'reduced' });
    }
  });
});
