import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { chromium } from 'playwright-core';
import type { InboxPage, SavedSearch, SavedSearchesPage } from '@app/contracts';
import { createModerator, publishThroughApi } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { emlMailbox } from '../harness/eml-mailbox';
import type { EmlMail, EmlMailbox } from '../harness/eml-mailbox';
import { eventually } from '../harness/eventually';
import { createAccount, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { mcpClientOverOAuth } from '../harness/mcp-client';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const MATCHED = 'catalogue.saved_search.matched.v1';

describeE2e(
  'saved searches: CRUD, limits, and alerts of new and cheaper listings through the real notification path',
  () => {
    let platform: Platform;
    let mailbox: EmlMailbox;
    let broker: MemberFixture;
    let moderator: AccountFixture;
    const api = () => request(platform.baseUrl);
    const as = (token: string) => ({ authorization: `Bearer ${token}` });

    /** A word no other listing carries, so a search by `q` matches this test's listings only. */
    const marker = () => `Marker${randomBytes(4).toString('hex')}`;

    const save = (buyer: AccountFixture, body: Record<string, unknown>) =>
      api().post('/v1/me/saved-searches').set(as(buyer.token)).send(body);

    /** An instant search for Riyadh, Al Olaya apartments up to 1.5 million with the word. */
    async function olayaSearch(buyer: AccountFixture, word: string, frequency = 'instant'): Promise<SavedSearch> {
      const created = await save(buyer, {
        name: `شقق العليا ${word}`,
        frequency,
        query: { q: word, city: 'الرياض', district: 'Al Olaya', type: 'apartment', max_price_sar: 1_500_000 },
      }).expect(201);
      return created.body as SavedSearch;
    }

    const publish = (fields: Record<string, unknown>) =>
      publishThroughApi(platform, { broker: broker.token, moderator: moderator.token }, fields);

    const mailNaming = (buyer: AccountFixture, text: string, count = 1) =>
      eventually(
        async () => (await mailbox.to(buyer.email)).filter((mail) => mail.text.includes(text)),
        (mail) => mail.length >= count,
        30_000,
      );

    /** The matches recorded for the listing and this buyer's searches (other tests' searches may match it too). */
    const matchedEvents = (listingId: string, buyer: AccountFixture) =>
      withClient(platform.databaseUrl, (client) =>
        client.query<{ payload: Record<string, unknown> }>(
          `SELECT payload FROM catalogue.outbox
            WHERE subject = $1 AND payload->>'listing_id' = $2 AND payload->>'account_id' = $3 ORDER BY created_at`,
          [MATCHED, listingId, buyer.accountId],
        ),
      ).then((result) => result.rows.map((row) => row.payload));

    const setLanguage = (account: AccountFixture, language: 'en' | 'ar') =>
      withClient(platform.databaseUrl, (client) =>
        client.query(`UPDATE identity.accounts SET language = $2 WHERE id = $1`, [account.accountId, language]),
      );

    /** The unsubscribe link of an alert e-mail, from its text (the HTML and the header carry the same). */
    function unsubscribeLink(mail: EmlMail): URL {
      const link = /(\S+\/v1\/saved-searches\/\S+\/unsubscribe\?token=\S+)/.exec(mail.text);
      if (!link) throw new Error(`No unsubscribe link in:\n${mail.text}`);
      expect(mail.html).toContain(link[1]);
      return new URL(link[1]);
    }

    /** The link's path and query, on the platform under test. */
    const pathOf = (url: URL) => `${url.pathname}${url.search}`;

    beforeAll(async () => {
      mailbox = emlMailbox();
      platform = await sharedPlatform({ env: { MAIL_DIR: mailbox.dir, NOTIFICATION_POLL_MS: '100' } });
      broker = await createMember(platform, { role: 'owner', name: 'Layla Broker' });
      moderator = await createModerator(platform);
    });

    afterAll(async () => {
      await platform?.close();
      mailbox?.remove();
      delete process.env.MAIL_DIR;
    });

    it('should create, list, read, change and delete a saved search, keeping the filters as given', async () => {
      const buyer = await createAccount(platform);
      const created = await save(buyer, {
        name: '  فلل جدة  ',
        frequency: 'daily',
        query: { city: 'جدة', type: 'villa', min_bedrooms: '4', max_price_sar: 3_000_000, sort: 'price_asc', limit: 5 },
      }).expect(201);
      const search = created.body as SavedSearch;
      expect(search).toMatchObject({
        object: 'saved_search',
        name: 'فلل جدة',
        frequency: 'daily',
        query: { city: 'جدة', type: 'villa', min_bedrooms: 4, max_price_sar: 3_000_000 },
        unsubscribed_at: null,
      });
      expect(search.query).not.toHaveProperty('sort');
      expect(search.query).not.toHaveProperty('limit');

      const list = (await api().get('/v1/me/saved-searches').set(as(buyer.token)).expect(200))
        .body as SavedSearchesPage;
      expect(list).toMatchObject({ object: 'list', has_more: false });
      expect(list.data.map((item) => item.id)).toEqual([search.id]);
      await api().get(`/v1/me/saved-searches/${search.id}`).set(as(buyer.token)).expect(200, search);

      const renamed = await api()
        .patch(`/v1/me/saved-searches/${search.id}`)
        .set(as(buyer.token))
        .send({ name: 'Villas in Jeddah', frequency: 'weekly', query: { city: 'Jeddah', type: 'villa' } })
        .expect(200);
      expect(renamed.body).toMatchObject({
        id: search.id,
        name: 'Villas in Jeddah',
        frequency: 'weekly',
        query: { city: 'Jeddah', type: 'villa' },
      });
      expect((renamed.body as SavedSearch).query).not.toHaveProperty('min_bedrooms');

      await api().delete(`/v1/me/saved-searches/${search.id}`).set(as(buyer.token)).expect(204);
      await api().get(`/v1/me/saved-searches/${search.id}`).set(as(buyer.token)).expect(404);
      await api().delete(`/v1/me/saved-searches/${search.id}`).set(as(buyer.token)).expect(404);
    });

    it('should refuse a bad filter with 422 naming it, and store nothing', async () => {
      const buyer = await createAccount(platform);
      const refused = async (body: Record<string, unknown>, field: string) => {
        const answer = await save(buyer, body).expect(422);
        expect(answer.body).toMatchObject({ error: 'validation_error', field });
      };
      const good = { name: 'Any', frequency: 'instant' };
      await refused({ ...good, query: { min_price_sar: -5 } }, 'query.min_price_sar');
      await refused({ ...good, query: { type: 'castle' } }, 'query.type');
      await refused({ ...good, query: { min_bedrooms: '2.5' } }, 'query.min_bedrooms');
      await refused({ ...good, query: { colour: 'blue' } }, 'query.colour');
      await refused({ ...good, query: { city: 'Atlantisville' } }, 'query.city');
      await refused({ ...good, query: { city: 'Riyadh', district: 'Nowhere Heights' } }, 'query.district');
      await refused({ ...good, frequency: 'hourly', query: {} }, 'frequency');
      await refused({ frequency: 'daily', query: {} }, 'name');
      await refused({ ...good, query: 'city=Riyadh' }, 'query');
      const list = await api().get('/v1/me/saved-searches').set(as(buyer.token)).expect(200);
      expect((list.body as SavedSearchesPage).data).toEqual([]);
    });

    it('should answer 404 for another user’s search and 401 without a login', async () => {
      const owner = await createAccount(platform);
      const other = await createAccount(platform);
      const search = await olayaSearch(owner, marker());
      await api().get(`/v1/me/saved-searches/${search.id}`).set(as(other.token)).expect(404);
      await api().patch(`/v1/me/saved-searches/${search.id}`).set(as(other.token)).send({ name: 'Mine' }).expect(404);
      await api().delete(`/v1/me/saved-searches/${search.id}`).set(as(other.token)).expect(404);
      await api().get(`/v1/me/saved-searches/not-a-uuid`).set(as(other.token)).expect(404);
      await api().get('/v1/me/saved-searches').expect(401);
      await api().get(`/v1/me/saved-searches/${search.id}`).set(as(owner.token)).expect(200);
    });

    it('should store exactly 20 of 25 concurrent creates and refuse the rest with saved_search_limit_reached', async () => {
      const buyer = await createAccount(platform);
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_unused, i) =>
          save(buyer, { name: `Search ${i}`, frequency: 'weekly', query: {} }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.filter((status) => status === 409)).toHaveLength(5);
      expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
        error: 'saved_search_limit_reached',
        details: { max_saved_searches: 20 },
      });
      const list = await api().get('/v1/me/saved-searches?limit=100').set(as(buyer.token)).expect(200);
      expect((list.body as SavedSearchesPage).data).toHaveLength(20);
    });

    it('should alert a matching publication by e-mail and in-app, naming the listing by id and title with its link, and stay quiet for one that does not match', async () => {
      const buyer = await createAccount(platform);
      const word = marker();
      const search = await olayaSearch(buyer, word);
      const villa = await publish({ property_type: 'villa', title_en: `Villa ${word}`, title_ar: `فيلا ${word}` });
      const dear = await publish({
        price: 1_900_000,
        title_en: `Dear apartment ${word}`,
        title_ar: `شقة غالية ${word}`,
      });
      const match = await publish({ title_en: `Bright apartment ${word}`, title_ar: `شقة مشرقة ${word}` });

      const [mail] = await mailNaming(buyer, match.id);
      expect(mail.subject).toBe(`New listing for “${search.name}”: Bright apartment ${word}`);
      expect(mail.text).toContain(`- Bright apartment ${word} (${match.id}): 1,200,000 SAR: `);
      expect(mail.text).toMatch(new RegExp(`/v1/properties/${match.id}`));
      expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeLink(mail).href}>`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // The link opens the listing.
      const listingLink = new URL(/\S+\/v1\/properties\/\S+/.exec(mail.text)![0].replace(/:$/, ''));
      await api().get(listingLink.pathname).expect(200);

      const inbox = (await api().get('/v1/me/notifications').set(as(buyer.token)).expect(200)).body as InboxPage;
      expect(inbox.data).toEqual([
        expect.objectContaining({
          kind: 'saved_search_alert',
          title: mail.subject,
          data: { saved_search_id: search.id, property_ids: match.id },
        }),
      ]);
      expect(await matchedEvents(villa.id, buyer)).toEqual([]);
      expect(await matchedEvents(dear.id, buyer)).toEqual([]);
      const all = await mailbox.to(buyer.email);
      expect(all).toHaveLength(1);
    });

    it('should alert a price drop into the search’s range, in the owner’s language, right to left', async () => {
      const buyer = await createAccount(platform);
      await setLanguage(buyer, 'ar');
      const word = marker();
      const search = await olayaSearch(buyer, word);
      const listing = await publish({ price: 1_600_000, title_en: `Apartment ${word}`, title_ar: `شقة ${word}` });
      expect(await matchedEvents(listing.id, buyer)).toEqual([]);
      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ price: 1_450_000 }).expect(200);

      const [mail] = await mailNaming(buyer, listing.id);
      expect(mail.subject).toBe(`انخفاض سعر يطابق «${search.name}»: شقة ${word}`);
      expect(mail.language).toBe('ar');
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.text).toContain(`شقة ${word} (${listing.id}): انخفض السعر إلى 1,450,000 ريال بدلًا من 1,600,000 ريال`);
      expect(await matchedEvents(listing.id, buyer)).toEqual([
        expect.objectContaining({ saved_search_id: search.id, event: 'price_drop', previous_price_sar: 1_600_000 }),
      ]);
      // A rise is no drop: nothing more.
      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ price: 1_480_000 }).expect(200);
      expect(await matchedEvents(listing.id, buyer)).toHaveLength(1);
    });

    it('should not alert a search twice for the same listing and event, even when the listing is published again', async () => {
      const buyer = await createAccount(platform);
      const word = marker();
      const search = await olayaSearch(buyer, word);
      const listing = await publish({ title_en: `Apartment ${word}`, title_ar: `شقة ${word}` });
      await mailNaming(buyer, listing.id);
      // An edit the checks flag (an unusual area), a moderator unpublishes it, the broker mends it and it is published again.
      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ area_sqm: 5_000 }).expect(200);
      await api()
        .post(`/v1/moderation/listings/${listing.id}/reject`)
        .set(as(moderator.token))
        .send({ reason: 'Check the area' })
        .expect(200);
      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ area_sqm: 150 }).expect(200);
      await api().post(`/v1/listings/${listing.id}/submit`).set(as(broker.token)).expect(200);
      await api().post(`/v1/moderation/listings/${listing.id}/approve`).set(as(moderator.token)).expect(200);

      expect(await matchedEvents(listing.id, buyer)).toEqual([expect.objectContaining({ saved_search_id: search.id })]);
      const matches = await withClient(platform.databaseUrl, (client) =>
        client.query(
          `SELECT event FROM catalogue.saved_search_matches WHERE listing_id = $1 AND saved_search_id = $2`,
          [listing.id, search.id],
        ),
      );
      expect(matches.rows).toEqual([{ event: 'published' }]);
      expect(await mailbox.to(buyer.email)).toHaveLength(1);
    });

    it('should unsubscribe from the e-mail’s link without a login, for its own search only, and alert no more', async () => {
      const buyer = await createAccount(platform);
      await setLanguage(buyer, 'ar');
      const word = marker();
      const search = await olayaSearch(buyer, word);
      const other = await olayaSearch(buyer, `${word}x`);
      const first = await publish({ title_en: `Apartment ${word}`, title_ar: `شقة ${word}` });
      const [mail] = await mailNaming(buyer, first.id);
      const link = unsubscribeLink(mail);
      expect(link.pathname).toBe(`/v1/saved-searches/${search.id}/unsubscribe`);
      const token = link.searchParams.get('token')!;

      // Another search's id with this token, or this search with a changed token: refused, nothing changes.
      const foreign = await api().get(`/v1/saved-searches/${other.id}/unsubscribe?token=${token}`).expect(403);
      expect(foreign.type).toBe('text/html');
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      await api().get(`/v1/saved-searches/${search.id}/unsubscribe?token=${tampered}`).expect(403);
      await api().get(`/v1/saved-searches/${search.id}/unsubscribe`).expect(403);
      for (const id of [search.id, other.id]) {
        const row = await api().get(`/v1/me/saved-searches/${id}`).set(as(buyer.token)).expect(200);
        expect((row.body as SavedSearch).unsubscribed_at).toBeNull();
      }

      const page = await api().get(pathOf(link)).expect(200);
      expect(page.type).toBe('text/html');
      expect(page.text).toContain('<html lang="ar" dir="rtl">');
      expect(page.text).toContain('تم إلغاء اشتراكك');
      expect(page.text).toContain(search.name);
      // The mail client's one-click POST (RFC 8058) works the same, and again changes nothing more.
      await api()
        .post(pathOf(link))
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200)
        .expect('content-type', /text\/html/);
      const after = (await api().get(`/v1/me/saved-searches/${search.id}`).set(as(buyer.token)).expect(200))
        .body as SavedSearch;
      expect(after.unsubscribed_at).not.toBeNull();
      const untouched = await api().get(`/v1/me/saved-searches/${other.id}`).set(as(buyer.token)).expect(200);
      expect((untouched.body as SavedSearch).unsubscribed_at).toBeNull();

      const second = await publish({ title_en: `Second apartment ${word}`, title_ar: `شقة ثانية ${word}` });
      expect(await matchedEvents(second.id, buyer)).toEqual([]);
      // Choosing a frequency again turns the alerts back on.
      const resumed = await api()
        .patch(`/v1/me/saved-searches/${search.id}`)
        .set(as(buyer.token))
        .send({ frequency: 'instant' })
        .expect(200);
      expect((resumed.body as SavedSearch).unsubscribed_at).toBeNull();
    });

    it('should confirm the unsubscription in a real browser, in the owner’s language, and refuse a tampered link there', async () => {
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      try {
        for (const language of ['ar', 'en'] as const) {
          const buyer = await createAccount(platform);
          await setLanguage(buyer, language);
          const word = marker();
          const search = await olayaSearch(buyer, word);
          const listing = await publish({ title_en: `Apartment ${word}`, title_ar: `شقة ${word}` });
          const [mail] = await mailNaming(buyer, listing.id);
          const link = unsubscribeLink(mail);
          // The browser says it prefers the other language: the page follows the search's owner.
          const context = await browser.newContext({ locale: language === 'ar' ? 'en-US' : 'ar-SA' });
          const page = await context.newPage();
          const tampered = await page.goto(`${platform.gatewayUrl}${link.pathname}?token=${'A'.repeat(43)}`);
          expect(tampered?.status()).toBe(403);
          expect(await page.locator('h1').textContent()).toBe(
            language === 'ar' ? 'This unsubscribe link does not work' : 'رابط إلغاء الاشتراك هذا لا يعمل',
          );
          const opened = await page.goto(`${platform.gatewayUrl}${pathOf(link)}`);
          expect(opened?.status()).toBe(200);
          const shown = {
            lang: await page.getAttribute('html', 'lang'),
            dir: await page.getAttribute('html', 'dir'),
            direction: await page.evaluate<string>('getComputedStyle(document.body).direction'),
            heading: await page.locator('h1').textContent(),
            text: await page.locator('body').innerText(),
          };
          expect(shown).toMatchObject(
            language === 'ar'
              ? { lang: 'ar', dir: 'rtl', direction: 'rtl', heading: 'تم إلغاء اشتراكك' }
              : { lang: 'en', dir: 'ltr', direction: 'ltr', heading: 'You are unsubscribed' },
          );
          expect(shown.text).toContain(search.name);
          await context.close();
          const after = await api().get(`/v1/me/saved-searches/${search.id}`).set(as(buyer.token)).expect(200);
          expect((after.body as SavedSearch).unsubscribed_at).not.toBeNull();
        }
      } finally {
        await browser.close();
      }
    });

    it('should give an assistant the same saved searches through the MCP tools', async () => {
      const buyer = await createAccount(platform);
      const client = await mcpClientOverOAuth(platform.gatewayUrl, buyer);
      try {
        const call = async (name: string, args: Record<string, unknown>) =>
          (await client.callTool({ name, arguments: args })) as CallToolResult;
        const saved = await call('buyer_save_search', {
          name: 'شقق الرياض',
          frequency: 'weekly',
          query: { city: 'Riyadh', type: 'apartment' },
        });
        const search = saved.structuredContent as unknown as SavedSearch;
        expect(search).toMatchObject({ name: 'شقق الرياض', frequency: 'weekly', query: { city: 'Riyadh' } });
        const refused = await call('buyer_save_search', {
          name: 'x',
          frequency: 'weekly',
          query: { max_price_sar: 'a' },
        });
        expect(refused.isError).toBe(true);
        expect(JSON.stringify(refused.content)).toContain('query.max_price_sar');
        const changed = await call('buyer_update_saved_search', { saved_search_id: search.id, frequency: 'daily' });
        expect(changed.structuredContent).toMatchObject({ id: search.id, frequency: 'daily' });
        const list = await call('buyer_list_saved_searches', {});
        expect((list.structuredContent as unknown as SavedSearchesPage).data.map((item) => item.id)).toEqual([
          search.id,
        ]);
        const rest = await api().get('/v1/me/saved-searches').set(as(buyer.token)).expect(200);
        expect(list.structuredContent).toEqual(rest.body);
        await expect(call('buyer_delete_saved_search', { saved_search_id: search.id })).resolves.toMatchObject({
          structuredContent: { deleted: true },
        });
        await api().get(`/v1/me/saved-searches/${search.id}`).set(as(buyer.token)).expect(404);
      } finally {
        await client.close();
      }
    });
  },
);
