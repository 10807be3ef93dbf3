import { randomBytes, randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  CATALOGUE_SAVED_SEARCH_CLOSED,
  CATALOGUE_SAVED_SEARCH_MATCHED,
  IdentityRpc,
  RecipientsRequest,
} from '@app/contracts';
import type {
  Recipient,
  RecipientsResponse,
  SavedSearchClosedPayload,
  SavedSearchFrequency,
  SavedSearchMatchedPayload,
} from '@app/contracts';
import { MessageData, Outbox, RpcHandler } from '@app/messaging';
import { Clock } from '../../apps/notification/src/clock/clock';
import { NotificationModule } from '../../apps/notification/src/notification.module';
import { eventually } from '../harness/eventually';
import { describeE2e } from '../harness/mode';
import { startServiceApp } from '../harness/service-app';
import type { ServiceApp } from '../harness/service-app';
import { startSmtpSink } from '../harness/smtp-sink';
import type { ReceivedMail, SmtpSink } from '../harness/smtp-sink';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Identity's side of the directory, answering over the real transport: each test's buyer. */
const PEOPLE = new Map<string, Recipient>();

@Controller()
class TestDirectory {
  @RpcHandler(IdentityRpc.recipients)
  recipients(@MessageData() request: RecipientsRequest): RecipientsResponse {
    return { recipients: (request.account_ids ?? []).flatMap((id) => PEOPLE.get(id) ?? []) };
  }
}

/** Longer than the harness's default wait, for the clocked worker. */
const WAIT_MS = 20_000;

describeE2e(
  'saved-search alerts on a controllable clock: instant at most every 15 minutes, daily and weekly digests',
  () => {
    let service: ServiceApp;
    let smtp: SmtpSink;
    let dataSource: DataSource;
    let outbox: Outbox;
    let now: Date;

    beforeAll(async () => {
      smtp = await startSmtpSink();
      Object.assign(process.env, {
        SMTP_URL: smtp.url,
        NOTIFICATION_POLL_MS: '100',
        // The key the unsubscribe links are signed with (the gateway checks them with the same).
        INVITATION_TOKEN_KEY: randomBytes(32).toString('base64'),
      });
      service = await startServiceApp(
        { imports: [NotificationModule], controllers: [TestDirectory] },
        { rpcTimeoutMs: 10_000 },
      );
      dataSource = service.app.get<DataSource>(getDataSourceToken('notification'));
      outbox = service.app.get(Outbox);
      now = new Date('2031-06-01T09:00:00Z');
      jest.spyOn(service.app.get(Clock), 'now').mockImplementation(() => now);
    });

    afterAll(async () => {
      jest.restoreAllMocks();
      await service?.close();
      await smtp?.close();
      delete process.env.SMTP_URL;
    });

    const later = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };

    /** A buyer who reads `language`, with one saved search. */
    function buyerWithSearch(frequency: SavedSearchFrequency, language: 'en' | 'ar' = 'en') {
      const accountId = randomUUID();
      const person = { account_id: accountId, name: 'Sara', email: `buyer-${accountId}@example.test`, phone: null };
      PEOPLE.set(accountId, { ...person, language });
      return {
        ...person,
        search: { id: randomUUID(), name: language === 'ar' ? 'شقق العليا' : 'Olaya flats', frequency },
      };
    }

    /** A match published the way the catalogue publishes it: through an outbox and the transport. */
    async function matched(
      buyer: ReturnType<typeof buyerWithSearch>,
      title: string,
      event: 'published' | 'price_drop' = 'published',
    ) {
      const listingId = randomUUID();
      await dataSource.transaction((tx) =>
        outbox.add<SavedSearchMatchedPayload>(tx, CATALOGUE_SAVED_SEARCH_MATCHED, {
          saved_search_id: buyer.search.id,
          account_id: buyer.account_id,
          name: buyer.search.name,
          frequency: buyer.search.frequency,
          listing_id: listingId,
          event,
          title_en: title,
          title_ar: `شقة ${title}`,
          price_sar: 1_200_000,
          previous_price_sar: event === 'price_drop' ? 1_300_000 : null,
          matched_at: now.toISOString(),
        }),
      );
      return listingId;
    }

    /** The items waiting in the search's open alert. */
    const waiting = (searchId: string) =>
      dataSource
        .query<{ n: number }[]>(
          `SELECT count(i.*)::int AS n FROM notification.saved_search_alerts a
           JOIN notification.saved_search_alert_items i ON i.alert_id = a.id
          WHERE a.saved_search_id = $1 AND a.sent_at IS NULL`,
          [searchId],
        )
        .then((rows) => rows[0].n);

    /** Waits until the consumer has taken the matches (it reads the clock as it takes each). */
    const held = (searchId: string, count: number) =>
      eventually(
        () => waiting(searchId),
        (n) => n === count,
        WAIT_MS,
      );

    const mailTo = (email: string, count: number): Promise<ReceivedMail[]> =>
      eventually(
        () => smtp.to(email),
        (mail) => mail.length >= count,
        WAIT_MS,
      );

    const inbox = (accountId: string) =>
      dataSource.query<{ title: string; data: Record<string, string> }[]>(
        `SELECT title, data FROM notification.inbox WHERE account_id = $1 AND kind = 'saved_search_alert' ORDER BY created_at`,
        [accountId],
      );

    it('should send an instant alert at once, hold the next matches for 15 minutes and send them together, losing none', async () => {
      const buyer = buyerWithSearch('instant');
      const first = await matched(buyer, 'First flat');
      const [alert] = await mailTo(buyer.email, 1);
      expect(alert.subject).toBe('New listing for “Olaya flats”: First flat');
      expect(alert.text).toContain(`First flat (${first}): 1,200,000 SAR`);

      later(5 * MINUTE);
      const second = await matched(buyer, 'Second flat');
      await held(buyer.search.id, 1);
      later(5 * MINUTE);
      const third = await matched(buyer, 'Third flat', 'price_drop');
      await held(buyer.search.id, 2);
      later(4 * MINUTE); // 14 minutes after the first message: still held
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to(buyer.email)).toHaveLength(1);

      later(MINUTE); // 15 minutes: one message with both
      const mail = await mailTo(buyer.email, 2);
      expect(mail).toHaveLength(2);
      expect(mail[1].subject).toBe('2 new matches for “Olaya flats”');
      expect(mail[1].text).toContain(`Second flat (${second}): 1,200,000 SAR`);
      expect(mail[1].text).toContain(`Third flat (${third}): price dropped to 1,200,000 SAR from 1,300,000 SAR`);
      expect(mail[1].text).toMatch(/\/v1\/saved-searches\/[0-9a-f-]+\/unsubscribe\?token=/);
      const items = await inbox(buyer.account_id);
      expect(items.map((item) => item.data.property_ids)).toEqual([first, `${third},${second}`]);

      // Long after: the next match goes out at once again.
      later(HOUR);
      await matched(buyer, 'Fourth flat');
      expect((await mailTo(buyer.email, 3))[2].subject).toBe('New listing for “Olaya flats”: Fourth flat');
    });

    it('should gather a daily search’s matches into one digest a day after the first, in the buyer’s language', async () => {
      const buyer = buyerWithSearch('daily', 'ar');
      const a = await matched(buyer, 'A');
      await held(buyer.search.id, 1);
      later(2 * HOUR);
      const b = await matched(buyer, 'B');
      await held(buyer.search.id, 2);
      later(21 * HOUR); // 23 hours after the first match
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to(buyer.email)).toEqual([]);
      expect(await inbox(buyer.account_id)).toEqual([]);

      later(HOUR);
      const [digest] = await mailTo(buyer.email, 1);
      expect(digest.subject).toBe('2 عقارات تطابق بحثك «شقق العليا»');
      expect(digest.text).toContain('ملخصك اليومي لبحث «شقق العليا»: 2 عقارات تطابقه.');
      expect(digest.text).toContain(`شقة A (${a})`);
      expect(digest.text).toContain(`شقة B (${b})`);
      expect(digest.html).toContain('dir="rtl"');
      expect(await inbox(buyer.account_id)).toHaveLength(1);
    });

    it('should send a weekly digest a week after its first match, and nothing before', async () => {
      const buyer = buyerWithSearch('weekly');
      const only = await matched(buyer, 'Weekly flat');
      await held(buyer.search.id, 1);
      later(6 * DAY);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to(buyer.email)).toEqual([]);
      later(DAY);
      const [digest] = await mailTo(buyer.email, 1);
      expect(digest.subject).toBe('New listing for “Olaya flats”: Weekly flat');
      expect(digest.text).toContain('Your weekly digest for “Olaya flats”: 1 listing matches it.');
      expect(digest.text).toContain(`Weekly flat (${only})`);
    });

    it('should drop what waits for a search its owner unsubscribed from: no digest follows', async () => {
      const buyer = buyerWithSearch('daily');
      await matched(buyer, 'Unwanted flat');
      await held(buyer.search.id, 1);
      await dataSource.transaction((tx) =>
        outbox.add<SavedSearchClosedPayload>(tx, CATALOGUE_SAVED_SEARCH_CLOSED, {
          saved_search_id: buyer.search.id,
          account_id: buyer.account_id,
          reason: 'unsubscribed',
          closed_at: now.toISOString(),
        }),
      );
      await held(buyer.search.id, 0);
      later(2 * DAY);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to(buyer.email)).toEqual([]);
      expect(await inbox(buyer.account_id)).toEqual([]);
    });
  },
);
