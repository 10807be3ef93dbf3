import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LEADS_WIDGET_SESSION_CREATED, RecipientsRequest, IdentityRpc } from '@app/contracts';
import type { Recipient, RecipientsResponse, WidgetSessionCreatedPayload } from '@app/contracts';
import { MessageData, Outbox, RpcHandler } from '@app/messaging';
import { Clock } from '../../apps/notification/src/clock/clock';
import { NotificationModule } from '../../apps/notification/src/notification.module';
import { describeE2e } from '../harness/mode';
import { startServiceApp } from '../harness/service-app';
import type { ServiceApp } from '../harness/service-app';
import { startSmtpSink } from '../harness/smtp-sink';
import type { SmtpSink } from '../harness/smtp-sink';
import { eventually } from '../harness/eventually';

const MINUTE = 60_000;

/** Identity's side of the directory, answering over the real transport: each test workspace's members. */
const MEMBERS = new Map<string, Recipient[]>();

@Controller()
class TestDirectory {
  @RpcHandler(IdentityRpc.recipients)
  recipients(@MessageData() request: RecipientsRequest): RecipientsResponse {
    return { recipients: MEMBERS.get(request.workspace_id ?? '') ?? [] };
  }
}

/** How long a digest wait may take: longer than the harness's default, for the clocked consumer. */
const DIGEST_WAIT_MS = 20_000;

describeE2e('notifications: the widget-session digest on a controllable clock', () => {
  let service: ServiceApp;
  let smtp: SmtpSink;
  let dataSource: DataSource;
  let outbox: Outbox;
  let now: Date;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    Object.assign(process.env, { SMTP_URL: smtp.url, NOTIFICATION_POLL_MS: '100' });
    service = await startServiceApp(
      { imports: [NotificationModule], controllers: [TestDirectory] },
      { rpcTimeoutMs: 10_000 },
    );
    dataSource = service.app.get<DataSource>(getDataSourceToken('notification'));
    outbox = service.app.get(Outbox);
    now = new Date('2031-05-01T09:00:00Z');
    jest.spyOn(service.app.get(Clock), 'now').mockImplementation(() => now);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await service?.close();
    await smtp?.close();
    delete process.env.SMTP_URL;
  });

  /** A workspace with an English owner and an Arabic agent. */
  function workspace(): { id: string; owner: Recipient; agent: Recipient } {
    const id = randomUUID();
    const owner = { account_id: randomUUID(), name: 'Layla', email: `owner-${id}@example.test`, phone: null };
    const agent = { account_id: randomUUID(), name: 'خالد', email: `agent-${id}@example.test`, phone: null };
    MEMBERS.set(id, [
      { ...owner, language: 'en' },
      { ...agent, language: 'ar' },
    ]);
    return { id, owner: { ...owner, language: 'en' }, agent: { ...agent, language: 'ar' } };
  }

  /** Sessions published the way leads will: through an outbox and the transport. */
  const sessions = (workspaceId: string, n: number) =>
    dataSource.transaction(async (tx) => {
      for (let i = 0; i < n; i++)
        await outbox.add<WidgetSessionCreatedPayload>(tx, LEADS_WIDGET_SESSION_CREATED, {
          session_id: randomUUID(),
          workspace_id: workspaceId,
          project_id: randomUUID(),
          widget_id: randomUUID(),
          created_at: now.toISOString(),
          visitor_language: 'ar',
        });
    });

  const unread = (accountId: string) =>
    dataSource
      .query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM notification.inbox
          WHERE account_id = $1 AND kind = 'widget_session' AND read_at IS NULL`,
        [accountId],
      )
      .then((rows) => rows[0].n);
  const openWindow = (workspaceId: string) =>
    dataSource
      .query<{ count: number }[]>(
        `SELECT count FROM notification.digests WHERE workspace_id = $1 AND sent_at IS NULL`,
        [workspaceId],
      )
      .then((rows) => rows[0]?.count ?? 0);

  it('should raise the unread count per session and send one summary e-mail for many sessions in 15 minutes', async () => {
    const ws = workspace();
    await sessions(ws.id, 5);
    await eventually(
      () => unread(ws.agent.account_id),
      (n) => n === 5,
      DIGEST_WAIT_MS,
    );
    now = new Date(now.getTime() + 14 * MINUTE);
    await sessions(ws.id, 3);
    await eventually(
      () => openWindow(ws.id),
      (n) => n === 8,
      DIGEST_WAIT_MS,
    );
    expect(await unread(ws.owner.account_id)).toBe(8);
    expect(smtp.to(ws.owner.email)).toEqual([]); // the window is still open

    now = new Date(now.getTime() + MINUTE); // 15 minutes after the first session: the window closes
    const [toOwner] = await eventually(
      () => smtp.to(ws.owner.email),
      (mail) => mail.length > 0,
      DIGEST_WAIT_MS,
    );
    const [toAgent] = await eventually(
      () => smtp.to(ws.agent.email),
      (mail) => mail.length > 0,
      DIGEST_WAIT_MS,
    );
    expect(toOwner).toMatchObject({ subject: '8 new chats on your website', language: 'en' });
    expect(toOwner.text).toContain('8 visitors started chats on your website widget in the last 15 minutes.');
    expect(toAgent).toMatchObject({ subject: 'محادثات جديدة على موقعك: 8', language: 'ar' });
    expect(toAgent.html).toContain('dir="rtl"');

    // The next session opens the next window: nothing more until it closes, then one more e-mail.
    await sessions(ws.id, 1);
    await eventually(
      () => openWindow(ws.id),
      (n) => n === 1,
      DIGEST_WAIT_MS,
    );
    expect(smtp.to(ws.owner.email)).toHaveLength(1);
    now = new Date(now.getTime() + 15 * MINUTE);
    const mail = await eventually(
      () => smtp.to(ws.owner.email),
      (received) => received.length === 2,
      DIGEST_WAIT_MS,
    );
    expect(mail[1].subject).toBe('1 new chat on your website');
    const digests = await dataSource.query<{ count: number }[]>(
      `SELECT count FROM notification.digests WHERE workspace_id = $1 ORDER BY opened_at`,
      [ws.id],
    );
    expect(digests.map((row) => row.count)).toEqual([8, 1]);
  });

  it('should count concurrent sessions of one workspace into one window, and keep workspaces apart', async () => {
    const a = workspace();
    const b = workspace();
    await Promise.all([...Array.from({ length: 6 }, () => sessions(a.id, 1)), sessions(b.id, 2)]);
    await eventually(
      () => openWindow(a.id),
      (n) => n === 6,
      DIGEST_WAIT_MS,
    );
    await eventually(
      () => openWindow(b.id),
      (n) => n === 2,
      DIGEST_WAIT_MS,
    );
    now = new Date(now.getTime() + 15 * MINUTE);
    const [toA] = await eventually(
      () => smtp.to(a.owner.email),
      (mail) => mail.length > 0,
      DIGEST_WAIT_MS,
    );
    const [toB] = await eventually(
      () => smtp.to(b.owner.email),
      (mail) => mail.length > 0,
      DIGEST_WAIT_MS,
    );
    expect(toA.subject).toBe('6 new chats on your website');
    expect(toB.subject).toBe('2 new chats on your website');
    const windows = await dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM notification.digests WHERE workspace_id = $1`,
      [a.id],
    );
    expect(windows[0].n).toBe(1);
  });
});
