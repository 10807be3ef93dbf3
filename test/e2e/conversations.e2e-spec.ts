import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { EVENT_CATALOG, EVENT_PAYLOAD_SCHEMAS } from '@app/contracts';
import type {
  ConversationResponse,
  InboxItem,
  InboxPage,
  ConversationThreadResponse,
  ConversationsPageResponse,
  LeadResponse,
  LeadsPageResponse,
  MessageResponse,
  SessionResponse,
  VisitorThreadResponse,
  WebhookCreatedResponse,
} from '@app/contracts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { takeEvents } from '../../scripts/bench/server-sent-events';
import type { SseEvent } from '../../scripts/bench/server-sent-events';
import { withClient } from '../harness/databases';
import { createApiKey, createMember, createWorkspace } from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { mcpClient, mcpFactoryOf, principalOf } from '../harness/mcp-client';
import { describeDistributed, describeE2e } from '../harness/mode';
import { sharedPlatform, sharedPlatformWithMcp, startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { eventually } from '../harness/eventually';
import { FAST_MAIL_ENV } from '../harness/invitation-mail';
import { startSmtpSink } from '../harness/smtp-sink';
import { startWebhookReceiver, verifyDelivery } from '../harness/webhook-receiver';
import type { SmtpSink } from '../harness/smtp-sink';

const SITE = 'https://developer.example.com';

interface Created {
  session: SessionResponse;
  token: string;
}

/** A real EventSource-like reader over HTTP: collects every event until closed. */
export function openStream(
  baseUrl: string,
  sessionId: string,
  token: string,
): Promise<{
  events: SseEvent[];
  status: number;
  close(): void;
  /** True when the server ended the stream properly, false when the connection broke. */
  ended: Promise<boolean>;
}> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const url = `${baseUrl}/v1/widget-sessions/${sessionId}/events?token=${encodeURIComponent(token)}`;
    const req = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      let endedResolve: (clean: boolean) => void = () => undefined;
      const ended = new Promise<boolean>((done) => (endedResolve = done));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const taken = takeEvents(buffer + chunk);
        buffer = taken.rest;
        events.push(...taken.events);
      });
      res.on('end', () => endedResolve(true));
      res.on('close', () => endedResolve(false));
      resolve({ events, status: res.statusCode ?? 0, close: () => req.destroy(), ended });
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}

/** A project's enabled widget, made straight in the leads schema (the catalogue's project is not needed here). */
async function seedWidget(
  platform: Platform,
  workspaceId: string,
  options: { enabled?: boolean; origins?: string[]; languages?: string[] } = {},
): Promise<{ widgetId: string; projectId: string }> {
  const projectId = randomUUID();
  const rows = await withClient(platform.databaseUrl, (client) =>
    client.query<{ id: string }>(
      `INSERT INTO leads.widgets (workspace_id, project_id, enabled, allowed_origins, languages, default_language)
       VALUES ($1, $2, $3, $4, $5, 'ar') RETURNING id`,
      [workspaceId, projectId, options.enabled ?? true, options.origins ?? [SITE], options.languages ?? ['ar', 'en']],
    ),
  );
  return { widgetId: rows.rows[0].id, projectId };
}

/** A member's in-app notifications about one chat (its session id is in `data`), oldest first. */
async function chatNotifications(platform: Platform, member: MemberFixture, sessionId: string): Promise<InboxItem[]> {
  const page = (
    await request(platform.baseUrl)
      .get('/v1/me/notifications?limit=100')
      .set({ authorization: `Bearer ${member.token}` })
      .expect(200)
  ).body as InboxPage;
  return page.data.filter((n) => n.data.session_id === sessionId && n.kind !== 'widget_session').reverse();
}

/** Waits until the member has `count` notifications about the chat, then returns them. */
function notifiedOf(platform: Platform, member: MemberFixture, sessionId: string, count: number) {
  return eventually(
    () => chatNotifications(platform, member, sessionId),
    (items) => items.length >= count,
  );
}

/** The visitor writes in their chat (201). */
function visitorWrites(platform: Platform, chat: Created, text: string) {
  return request(platform.baseUrl)
    .post(`/v1/widget-sessions/${chat.session.id}/messages`)
    .set({ authorization: `Bearer ${chat.token}` })
    .send({ text })
    .expect(201);
}

describeE2e('website chat: visitor sessions, escalation, inbox', () => {
  let platform: Platform;
  let owner: MemberFixture;
  let agent: MemberFixture;
  let brokerOwner: MemberFixture;
  let widgetId: string;
  let projectId: string;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function startChat(origin = SITE, language?: 'ar' | 'en'): Promise<Created> {
    const res = await api()
      .post(`/v1/widgets/${widgetId}/sessions`)
      .set('origin', origin)
      .send(language ? { language } : {})
      .expect(201);
    return res.body as Created;
  }

  beforeAll(async () => {
    platform = await sharedPlatformWithMcp();
    const developer = await createWorkspace(platform, { kind: 'developer', name: 'Dar Developments — دار للتطوير' });
    owner = await createMember(platform, { workspaceId: developer.id, role: 'owner' });
    agent = await createMember(platform, { workspaceId: developer.id, role: 'agent' });
    brokerOwner = await createMember(platform, { role: 'owner' });
    ({ widgetId, projectId } = await seedWidget(platform, developer.id));
  });

  afterAll(() => platform?.close());

  it('should let a developer’s owner configure a project’s widget, and nobody else', async () => {
    const project = (
      await api()
        .post('/v1/projects')
        .set(as(owner.token))
        .send({
          name_en: 'Palm Oasis Residences',
          name_ar: 'مشروع واحة النخيل السكني',
          city: 'الرياض',
          district: 'العليا',
          status: 'off_plan',
          handover_date: '2027-12-31',
          rega_licence_number: '1234567890',
        })
        .expect(201)
    ).body as { id: string };
    const fresh = await api().get(`/v1/projects/${project.id}/widget`).set(as(owner.token)).expect(200);
    expect(fresh.body).toMatchObject({ project_id: project.id, enabled: false, allowed_origins: [], open_now: true });
    expect(fresh.body.embed_snippet).toMatch(
      new RegExp(
        `^<script src="http://[^"]+/widget\\.js" data-widget-id="${fresh.body.id as string}" async></script>$`,
      ),
    );
    await api()
      .get(`/v1/widgets/${fresh.body.id as string}`)
      .expect(404);

    const configured = await api()
      .put(`/v1/projects/${project.id}/widget`)
      .set(as(owner.token))
      .send({
        enabled: true,
        greeting_ar: 'أهلًا بك في واحة النخيل! كيف نساعدك؟',
        greeting_en: 'Welcome to Palm Oasis! How can we help?',
        primary_color: '#1D4ED8',
        languages: ['ar', 'en'],
        default_language: 'en',
        allowed_origins: [SITE, 'http://localhost:8080'],
        working_hours: {
          time_zone: 'Asia/Riyadh',
          weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        },
      })
      .expect(200);
    expect(configured.body).toMatchObject({
      id: fresh.body.id,
      enabled: true,
      greeting_ar: 'أهلًا بك في واحة النخيل! كيف نساعدك؟',
      primary_color: '#1d4ed8',
      default_language: 'en',
      allowed_origins: [SITE, 'http://localhost:8080'],
      open_now: true,
    });
    const shown = await api()
      .get(`/v1/widgets/${fresh.body.id as string}`)
      .expect(200);
    expect(shown.body).toMatchObject({ greeting_ar: 'أهلًا بك في واحة النخيل! كيف نساعدك؟', default_language: 'en' });

    for (const [body, field] of [
      [{ primary_color: 'blue' }, 'primary_color'],
      [{ allowed_origins: ['https://example.com/shop'] }, 'allowed_origins'],
      [{ allowed_origins: ['*'] }, 'allowed_origins'],
      [{ languages: ['fr'] }, 'languages'],
      [{ languages: ['ar'], default_language: 'en' }, 'default_language'],
      [{ working_hours: { time_zone: 'Mars/Olympus', weekly: [] } }, 'working_hours.time_zone'],
      [
        { working_hours: { time_zone: 'Asia/Dubai', weekly: [{ day: 1, open: '18:00', close: '09:00' }] } },
        'working_hours.weekly.0.close',
      ],
    ] as const) {
      const refused = await api().put(`/v1/projects/${project.id}/widget`).set(as(owner.token)).send(body).expect(422);
      expect({ body, field: (refused.body as { field?: string }).field }).toEqual({ body, field });
    }

    const agentTry = await api().get(`/v1/projects/${project.id}/widget`).set(as(agent.token)).expect(403);
    expect(agentTry.body).toMatchObject({ error: 'forbidden' });
    await api().put(`/v1/projects/${project.id}/widget`).set(as(brokerOwner.token)).send({}).expect(403);
    const rival = await createMember(platform, {
      workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
      role: 'owner',
    });
    const elsewhere = await api().get(`/v1/projects/${project.id}/widget`).set(as(rival.token)).expect(404);
    expect(elsewhere.body).toMatchObject({ error: 'project_not_found' });
    await api().get(`/v1/projects/${randomUUID()}/widget`).set(as(owner.token)).expect(404);
  });

  it('should show an enabled widget to anyone and hide a disabled or unknown one', async () => {
    const res = await api().get(`/v1/widgets/${widgetId}`).expect(200);
    expect(res.body).toMatchObject({
      id: widgetId,
      project_id: projectId,
      languages: ['ar', 'en'],
      default_language: 'ar',
      open_now: true,
      working_hours: null,
    });
    expect(res.body).not.toHaveProperty('allowed_origins');
    const off = await seedWidget(platform, owner.workspaceId, { enabled: false });
    for (const id of [off.widgetId, randomUUID(), 'not-a-uuid']) {
      const missing = await api().get(`/v1/widgets/${id}`).expect(404);
      expect(missing.body).toMatchObject({ error: 'widget_not_found' });
    }
  });

  it('should open a chat only from an allowed origin, by header or (from the gateway’s own page) by body', async () => {
    const byHeader = await startChat(SITE, 'en');
    expect(byHeader.session).toMatchObject({
      widget_id: widgetId,
      project_id: projectId,
      status: 'open',
      escalated: false,
      handled_by: 'assistant',
      language: 'en',
    });
    expect(byHeader.token.split('.')).toHaveLength(3);

    const byBody = await api().post(`/v1/widgets/${widgetId}/sessions`).send({ origin: SITE }).expect(201);
    expect((byBody.body as Created).session.language).toBe('ar');

    const elsewhere = await api()
      .post(`/v1/widgets/${widgetId}/sessions`)
      .set('origin', 'https://evil.example.net')
      .send({ origin: SITE })
      .expect(403);
    expect(elsewhere.body).toMatchObject({ error: 'origin_not_allowed', code: 'FORBIDDEN' });
    const missing = await api().post(`/v1/widgets/${widgetId}/sessions`).send({}).expect(403);
    expect(missing.body).toMatchObject({ error: 'origin_not_allowed' });
  });

  it('should keep each visitor token to its own session and apart from account tokens', async () => {
    const mine = await startChat();
    const theirs = await startChat();
    // Another session's routes with my token: nothing there for me.
    for (const path of ['messages', 'escalate', 'contact']) {
      const call =
        path === 'messages'
          ? api().get(`/v1/widget-sessions/${theirs.session.id}/messages`)
          : api().post(`/v1/widget-sessions/${theirs.session.id}/${path}`).send({});
      const res = await call.set(as(mine.token)).expect(404);
      expect(res.body).toMatchObject({ error: 'session_not_found' });
    }
    // Another widget's session id in the path, same story.
    const other = await seedWidget(platform, owner.workspaceId);
    const otherChat = (
      await api().post(`/v1/widgets/${other.widgetId}/sessions`).set('origin', SITE).send({}).expect(201)
    ).body as Created;
    await api().get(`/v1/widget-sessions/${otherChat.session.id}/messages`).set(as(mine.token)).expect(404);
    // An account token is not a visitor token, nor the reverse.
    const accountOnVisitor = await api()
      .get(`/v1/widget-sessions/${mine.session.id}/messages`)
      .set(as(owner.token))
      .expect(401);
    expect(accountOnVisitor.body).toMatchObject({ error: 'invalid_token' });
    const visitorOnAccount = await api().get('/v1/workspace/conversations').set(as(mine.token)).expect(401);
    expect(visitorOnAccount.body).toMatchObject({ error: 'invalid_token' });
    await api().get('/v1/me').set(as(mine.token)).expect(401);
    await api().get(`/v1/widget-sessions/${mine.session.id}/messages`).expect(401);
  });

  it('should escalate at once, without the assistant, when the visitor asks for a person in Arabic', async () => {
    const chat = await startChat();
    const sent = await api()
      .post(`/v1/widget-sessions/${chat.session.id}/messages`)
      .set(as(chat.token))
      .send({ text: 'أريد التحدث مع موظف' })
      .expect(201);
    expect((sent.body as { message: MessageResponse }).message).toMatchObject({
      author: 'visitor',
      text: 'أريد التحدث مع موظف',
      citations: [],
    });
    const thread = (await api().get(`/v1/widget-sessions/${chat.session.id}/messages`).set(as(chat.token)).expect(200))
      .body as VisitorThreadResponse;
    expect(thread.session).toMatchObject({ escalated: true, handled_by: 'assistant' });
    expect(thread.messages.map((m) => m.author)).toEqual(['visitor', 'system']);
    expect(thread.messages[1].text).toBe('سيرد عليك أحد أعضاء فريقنا هنا قريبًا.');
    const conversation = (
      await api().get(`/v1/workspace/conversations/${chat.session.id}`).set(as(owner.token)).expect(200)
    ).body as ConversationThreadResponse;
    expect([owner.accountId, agent.accountId]).toContain(conversation.assigned_to);
  });

  it('should send the workspace’s webhook when a visitor opens a chat, asks for a person and writes again', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const events = [
        'leads.widget_session.created.v1',
        'leads.conversation.escalated.v1',
        'leads.conversation.visitor_message.v1',
      ];
      const webhook = (
        await api().post('/v1/workspace/webhooks').set(as(owner.token)).send({ url: receiver.url, events }).expect(201)
      ).body as WebhookCreatedResponse;
      const chat = await startChat(SITE, 'ar');
      await visitorWrites(platform, chat, 'أريد التحدث مع موظف');
      await visitorWrites(platform, chat, 'رقمي ٠٥٥١٢٣٤٥٦٧');

      // This chat's only: an earlier test's chat in the same workspace may still have events on their way.
      const ofThisChat = () =>
        receiver.received.filter(
          (delivery) =>
            (JSON.parse(delivery.body) as { data: { session_id?: string } }).data.session_id === chat.session.id,
        );
      const received = await eventually(ofThisChat, (deliveries) => deliveries.length >= 3);
      const byType = new Map(
        received.map((delivery) => {
          const event = verifyDelivery(webhook.secret, delivery.headers, delivery.body);
          return [event.type, event.data as Record<string, unknown>];
        }),
      );
      const ids = { session_id: chat.session.id, workspace_id: owner.workspaceId, widget_id: widgetId };
      expect(byType.get('leads.widget_session.created.v1')).toMatchObject(ids);
      expect(byType.get('leads.conversation.escalated.v1')).toMatchObject({ ...ids, reason: 'visitor_request' });
      expect(byType.get('leads.conversation.visitor_message.v1')).toMatchObject(ids);
      // Ids only: the visitor's words and number stay in the chat.
      for (const delivery of receiver.received) {
        expect(delivery.body).not.toContain('موظف');
        expect(delivery.body).not.toContain('٠٥٥١٢٣٤٥٦٧');
      }
    } finally {
      await receiver.close();
    }
  });

  it('should stream the team’s reply to the visitor and let the team take over and hand back', async () => {
    const chat = await startChat(SITE, 'en');
    const stream = await openStream(platform.gatewayUrl, chat.session.id, chat.token);
    try {
      expect(stream.status).toBe(200);
      await eventually(
        () => stream.events,
        (events) => events.length >= 1,
      );
      expect(stream.events[0]).toMatchObject({ event: 'session', data: { id: chat.session.id } });
      await api().post(`/v1/widget-sessions/${chat.session.id}/escalate`).set(as(chat.token)).expect(200);
      const reply = await api()
        .post(`/v1/workspace/conversations/${chat.session.id}/messages`)
        .set(as(agent.token))
        .send({ text: 'مرحبًا، أنا سارة من فريق المبيعات. كيف أساعدك؟' })
        .expect(201);
      const replyId = (reply.body as { message: MessageResponse }).message.id;
      const seen = await eventually(
        () => stream.events,
        (events) => events.some((e) => e.event === 'message' && (e.data as MessageResponse).id === replyId),
      );
      expect(seen.find((e) => (e.data as MessageResponse).id === replyId)?.data).toMatchObject({
        author: 'agent',
        text: 'مرحبًا، أنا سارة من فريق المبيعات. كيف أساعدك؟',
      });
      expect(seen.filter((e) => e.event === 'session').map((e) => e.data)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ escalated: true, handled_by: 'assistant' }),
          expect.objectContaining({ escalated: true, handled_by: 'human' }),
        ]),
      );
      const mine = (await api().get('/v1/workspace/conversations?assigned=mine').set(as(agent.token)).expect(200))
        .body as ConversationsPageResponse;
      expect(mine.data.map((c) => c.id)).toContain(chat.session.id);

      const back = (
        await api().post(`/v1/workspace/conversations/${chat.session.id}/hand-back`).set(as(agent.token)).expect(200)
      ).body as ConversationResponse;
      expect(back).toMatchObject({ escalated: false, handled_by: 'assistant' });
    } finally {
      stream.close();
    }
  });

  it('should list conversations with unread counts and mark them read when opened', async () => {
    const chat = await startChat();
    await api()
      .post(`/v1/widget-sessions/${chat.session.id}/messages`)
      .set(as(chat.token))
      .send({ text: 'شخص حقيقي من فضلك' })
      .expect(201);
    const page = (
      await api()
        .get(`/v1/workspace/conversations?status=escalated&project_id=${projectId}`)
        .set(as(owner.token))
        .expect(200)
    ).body as ConversationsPageResponse;
    const listed = page.data.find((c) => c.id === chat.session.id);
    expect(listed).toMatchObject({ unread_count: 1, escalated: true, last_message: { author: 'system' } });
    await api().get(`/v1/workspace/conversations/${chat.session.id}`).set(as(owner.token)).expect(200);
    const after = (await api().get('/v1/workspace/conversations?status=open').set(as(owner.token)).expect(200))
      .body as ConversationsPageResponse;
    expect(after.data.find((c) => c.id === chat.session.id)?.unread_count).toBe(0);
    await api().get('/v1/workspace/conversations?status=nope').set(as(owner.token)).expect(422);
  });

  it('should promote a chat to a CRM lead only with a contact, once', async () => {
    const chat = await startChat();
    const refused = await api()
      .post(`/v1/workspace/conversations/${chat.session.id}/promote`)
      .set(as(agent.token))
      .expect(422);
    expect(refused.body).toMatchObject({ error: 'contact_required' });
    await api()
      .post(`/v1/widget-sessions/${chat.session.id}/contact`)
      .set(as(chat.token))
      .send({ phone: '12345' })
      .expect(422);
    await api()
      .post(`/v1/widget-sessions/${chat.session.id}/contact`)
      .set(as(chat.token))
      .send({ name: 'محمد العتيبي', phone: '٠٥٥١٢٣٤٥٦٧', email: 'Mohammed@Example.com' })
      .expect(200);
    const first = (
      await api().post(`/v1/workspace/conversations/${chat.session.id}/promote`).set(as(agent.token)).expect(200)
    ).body as LeadResponse;
    expect(first).toMatchObject({
      object: 'lead',
      property_id: projectId,
      source: 'widget',
      locked: false,
      contact: { name: 'محمد العتيبي', phone: '+966551234567', email: 'mohammed@example.com' },
    });
    const again = (
      await api().post(`/v1/workspace/conversations/${chat.session.id}/promote`).set(as(owner.token)).expect(200)
    ).body as LeadResponse;
    expect(again.id).toBe(first.id);
    const leads = (await api().get('/v1/workspace/leads').set(as(owner.token)).expect(200)).body as LeadsPageResponse;
    expect(leads.data.filter((lead) => lead.id === first.id)).toHaveLength(1);
  });

  it('should close a chat for the visitor and refuse broker workspaces and other workspaces', async () => {
    const chat = await startChat();
    await api().post(`/v1/workspace/conversations/${chat.session.id}/close`).set(as(owner.token)).expect(200);
    const closed = await api()
      .post(`/v1/widget-sessions/${chat.session.id}/messages`)
      .set(as(chat.token))
      .send({ text: 'hello?' })
      .expect(409);
    expect(closed.body).toMatchObject({ error: 'invalid_state' });
    const broker = await api().get('/v1/workspace/conversations').set(as(brokerOwner.token)).expect(403);
    expect(broker.body).toMatchObject({ error: 'forbidden' });
    const rival = await createMember(platform, {
      workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
      role: 'owner',
    });
    await api().get(`/v1/workspace/conversations/${chat.session.id}`).set(as(rival.token)).expect(404);
    const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
    await api().get(`/v1/workspace/conversations/${chat.session.id}`).set(as(key)).expect(200);
  });

  it('should take turns assigning escalated chats and let the team reassign within the workspace', async () => {
    const first = await startChat();
    const second = await startChat();
    for (const chat of [first, second])
      await api().post(`/v1/widget-sessions/${chat.session.id}/escalate`).set(as(chat.token)).expect(200);
    const assignees = await Promise.all(
      [first, second].map(
        async (chat) =>
          (
            (await api().get(`/v1/workspace/conversations/${chat.session.id}`).set(as(owner.token)).expect(200))
              .body as ConversationResponse
          ).assigned_to,
      ),
    );
    expect(new Set(assignees)).toEqual(new Set([owner.accountId, agent.accountId]));

    const moved = await api()
      .post(`/v1/workspace/conversations/${first.session.id}/assign`)
      .set(as(agent.token))
      .send({ member_id: owner.accountId })
      .expect(200);
    expect((moved.body as ConversationResponse).assigned_to).toBe(owner.accountId);
    const outsider = await api()
      .post(`/v1/workspace/conversations/${first.session.id}/assign`)
      .set(as(agent.token))
      .send({ member_id: brokerOwner.accountId })
      .expect(422);
    expect(outsider.body).toMatchObject({ error: 'validation_error', field: 'member_id' });
  });

  it('should give the developer’s assistant the same inbox through MCP tools', async () => {
    const chat = await startChat();
    await api()
      .post(`/v1/widget-sessions/${chat.session.id}/messages`)
      .set(as(chat.token))
      .send({ text: 'أريد التحدث مع موظف' })
      .expect(201);
    const mcp = await mcpFactoryOf(platform);
    const client = await mcpClient(mcp.factory, principalOf(agent));
    try {
      await client.listTools();
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })) as CallToolResult;
      const listed = (await call('developer_list_conversations', { status: 'escalated' })).structuredContent as {
        data: { id: string }[];
      };
      expect(listed.data.map((c) => c.id)).toContain(chat.session.id);
      const replied = await call('developer_reply_to_conversation', {
        conversation_id: chat.session.id,
        text: 'أهلًا! معك فريق المبيعات.',
      });
      expect(replied.structuredContent).toMatchObject({
        message: { author: 'agent', text: 'أهلًا! معك فريق المبيعات.' },
      });
      const read = (await call('developer_get_conversation', { conversation_id: chat.session.id }))
        .structuredContent as unknown as ConversationThreadResponse;
      expect(read).toMatchObject({ handled_by: 'human', assigned_to: agent.accountId });
      const promoted = await call('developer_promote_conversation', { conversation_id: chat.session.id });
      expect(promoted.isError).toBe(true);
      expect(JSON.stringify(promoted.content)).toContain('contact_required');
      const hidden = await call('developer_get_widget_config', { project_id: projectId }).catch((err: Error) => err);
      expect(hidden).toMatchObject({ message: expect.stringContaining('not found') });
    } finally {
      await client.close();
      await mcp.close();
    }
  });

  it('should limit a chat to 20 visitor messages a minute', async () => {
    const chat = await startChat();
    const send = (text: string) =>
      api().post(`/v1/widget-sessions/${chat.session.id}/messages`).set(as(chat.token)).send({ text });
    await send('talk to a person').expect(201);
    for (let i = 2; i <= 20; i++) await send(`رسالة رقم ${i}`).expect(201);
    const limited = await send('one too many').expect(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another chat is not held back by this one.
    const other = await startChat();
    await api()
      .post(`/v1/widget-sessions/${other.session.id}/messages`)
      .set(as(other.token))
      .send({ text: 'talk to a person' })
      .expect(201);
  });

  it('should tell the team in-app that a visitor started a chat', async () => {
    await startChat();
    const inbox = await eventually(
      async () =>
        (await api().get('/v1/me/notifications').set(as(agent.token)).expect(200)).body as {
          data: { kind: string; data: Record<string, unknown> }[];
        },
      (page) => page.data.some((n) => n.kind === 'widget_session'),
    );
    expect(inbox.data.find((n) => n.kind === 'widget_session')?.data).toMatchObject({ widget_id: widgetId });
  });
});

describeE2e('website chat: the team is told when a chat needs a person', () => {
  let platform: Platform;
  let smtp: SmtpSink;
  /** Two members who take turns; the owner reads Arabic, the agent English. */
  let owner: MemberFixture;
  let agent: MemberFixture;
  /** A second developer with a single Arabic-reading member. */
  let soleOwner: MemberFixture;
  let widgetId: string;
  let soleWidgetId: string;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const setLanguage = (member: MemberFixture, language: 'en' | 'ar') =>
    withClient(platform.databaseUrl, (client) =>
      client.query(`UPDATE identity.accounts SET language = $2 WHERE id = $1`, [member.accountId, language]),
    );

  async function startChat(widget: string, language: 'ar' | 'en'): Promise<Created> {
    return (await api().post(`/v1/widgets/${widget}/sessions`).set('origin', SITE).send({ language }).expect(201))
      .body as Created;
  }

  const write = (chat: Created, text: string) => visitorWrites(platform, chat, text);

  const assigneeOf = async (chat: Created) =>
    (
      (await api().get(`/v1/workspace/conversations/${chat.session.id}`).set(as(owner.token)).expect(200))
        .body as ConversationResponse
    ).assigned_to;

  /** The delivery rows the notification service queued for one kind of one chat's notifications. */
  const deliveries = (sessionId: string, kind: string) =>
    withClient(
      platform.databaseUrl,
      async (client) =>
        (
          await client.query<{ channel: string; address: string }>(
            `SELECT d.channel, d.address FROM notification.deliveries d
            WHERE d.kind = $2 AND d.event_id IN (
              SELECT event_id FROM notification.inbox WHERE kind = $2 AND data->>'session_id' = $1)
            ORDER BY d.channel`,
            [sessionId, kind],
          )
        ).rows,
    );

  beforeAll(async () => {
    smtp = await startSmtpSink();
    platform = await startPlatform({ env: { ...FAST_MAIL_ENV, SMTP_URL: smtp.url } });
    const developer = await createWorkspace(platform, { kind: 'developer', name: 'Dar Developments — دار للتطوير' });
    owner = await createMember(platform, { workspaceId: developer.id, role: 'owner', name: 'ليلى' });
    agent = await createMember(platform, { workspaceId: developer.id, role: 'agent', name: 'Omar' });
    await setLanguage(owner, 'ar');
    ({ widgetId } = await seedWidget(platform, developer.id));
    const sole = await createWorkspace(platform, { kind: 'developer', name: 'شركة الأفق العقارية' });
    soleOwner = await createMember(platform, { workspaceId: sole.id, role: 'owner', name: 'خالد' });
    await setLanguage(soleOwner, 'ar');
    ({ widgetId: soleWidgetId } = await seedWidget(platform, sole.id));
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
    // Standalone runs in this process: the next platform must not mail this closed sink.
    for (const key of [...Object.keys(FAST_MAIL_ENV), 'SMTP_URL']) delete process.env[key];
  });

  it('should tell only the assignee of an escalated chat, in-app and by e-mail, in their language', async () => {
    const chat = await startChat(widgetId, 'en');
    await api().post(`/v1/widget-sessions/${chat.session.id}/escalate`).set(as(chat.token)).expect(200);
    const assignedTo = await assigneeOf(chat);
    const [assignee, other] = assignedTo === owner.accountId ? [owner, agent] : [agent, owner];
    expect(assignee.accountId).toBe(assignedTo);
    const arabic = assignee === owner;

    const [notice] = await notifiedOf(platform, assignee, chat.session.id, 1);
    expect(notice).toMatchObject({
      kind: 'conversation_escalated',
      language: arabic ? 'ar' : 'en',
      title: arabic ? 'محادثة على موقعك تحتاج إلى أحد أعضاء الفريق' : 'A chat on your website needs a person',
      body: arabic
        ? 'طلب زائر على موقعك التحدث مع أحد أعضاء الفريق.'
        : 'A visitor on your website asked to talk to a person.',
      data: { session_id: chat.session.id, widget_id: widgetId, workspace_id: assignee.workspaceId },
      read_at: null,
    });
    // The in-app item and every delivery are written in one transaction: the other member has none.
    expect(await chatNotifications(platform, other, chat.session.id)).toEqual([]);
    expect((await deliveries(chat.session.id, 'conversation_escalated')).map((d) => d.address)).toEqual([
      assignee.email,
    ]);

    const [mail] = await eventually(
      () => smtp.to(assignee.email),
      (received) => received.length >= 1,
    );
    expect(mail.subject).toBe(notice.title);
    expect(mail.text).toContain(`/inbox/${chat.session.id}`);
    expect(mail.html).toContain(arabic ? 'dir="rtl"' : 'dir="ltr"');
    expect(smtp.to(other.email)).toEqual([]);

    // The visitor writes again: the assignee hears of it in-app, with no second e-mail.
    await write(chat, 'Is the 3-bedroom unit still available?');
    const both = await notifiedOf(platform, assignee, chat.session.id, 2);
    expect(both.map((n) => n.kind)).toEqual(['conversation_escalated', 'conversation_visitor_message']);
    expect(both[1]).toMatchObject({
      language: arabic ? 'ar' : 'en',
      title: arabic ? 'رسالة جديدة في محادثة على موقعك' : 'New message in a website chat',
      data: { session_id: chat.session.id },
    });
    expect(both[1].body).not.toContain('3-bedroom');
    expect(await deliveries(chat.session.id, 'conversation_visitor_message')).toEqual([]);
    expect(smtp.to(assignee.email)).toHaveLength(1);
    expect(await chatNotifications(platform, other, chat.session.id)).toEqual([]);
  });

  it('should tell the sole member of an Arabic chat in Arabic, and of each later message', async () => {
    const chat = await startChat(soleWidgetId, 'ar');
    await write(chat, 'أريد التحدث مع موظف');
    const [notice] = await notifiedOf(platform, soleOwner, chat.session.id, 1);
    expect(notice).toMatchObject({
      kind: 'conversation_escalated',
      language: 'ar',
      title: 'محادثة على موقعك تحتاج إلى أحد أعضاء الفريق',
      body: 'طلب زائر على موقعك التحدث مع أحد أعضاء الفريق.',
    });
    const [mail] = await eventually(
      () => smtp.to(soleOwner.email),
      (received) => received.length >= 1,
    );
    expect(mail.subject).toBe('محادثة على موقعك تحتاج إلى أحد أعضاء الفريق');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text.startsWith('مرحبًا خالد،')).toBe(true);
    expect(mail.text).toContain(`افتح المحادثة: `);
    expect(mail.text).not.toContain('أريد التحدث مع موظف'); // the visitor's words stay in the chat

    await write(chat, 'متى موعد التسليم؟');
    const later = await notifiedOf(platform, soleOwner, chat.session.id, 2);
    expect(later[1]).toMatchObject({
      kind: 'conversation_visitor_message',
      language: 'ar',
      title: 'رسالة جديدة في محادثة على موقعك',
      body: 'كتب الزائر رسالة جديدة في محادثة بانتظار فريقك.',
    });
    expect(smtp.to(soleOwner.email)).toHaveLength(1);
  });

  it('should tell the member who took a chat over when the visitor writes, though nobody escalated it', async () => {
    const chat = await startChat(widgetId, 'en');
    await api().post(`/v1/workspace/conversations/${chat.session.id}/take-over`).set(as(agent.token)).expect(200);
    await write(chat, 'Thanks, can you send me the floor plan?');
    const [notice] = await notifiedOf(platform, agent, chat.session.id, 1);
    expect(notice).toMatchObject({ kind: 'conversation_visitor_message', language: 'en' });
    expect(await chatNotifications(platform, owner, chat.session.id)).toEqual([]);
  });

  it('should write the escalation events as the AsyncAPI document describes them, without the visitor’s words', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const rows = await withClient(
      platform.databaseUrl,
      async (client) =>
        (
          await client.query<{ subject: string; payload: Record<string, unknown> }>(
            `SELECT subject, payload FROM leads.outbox WHERE subject LIKE 'leads.conversation.%'`,
          )
        ).rows,
    );
    expect(new Set(rows.map((row) => row.subject))).toEqual(
      new Set(['leads.conversation.escalated.v1', 'leads.conversation.visitor_message.v1']),
    );
    for (const row of rows) {
      const described = EVENT_CATALOG.find((event) => event.subject === row.subject)!;
      const validate = ajv.compile(EVENT_PAYLOAD_SCHEMAS[described.payload]);
      expect({ subject: row.subject, valid: validate(row.payload), errors: ajv.errorsText(validate.errors) }).toEqual({
        subject: row.subject,
        valid: true,
        errors: 'No errors',
      });
      expect(JSON.stringify(row.payload)).not.toMatch(/أريد|floor plan|3-bedroom|موعد/);
    }
    expect(rows.find((row) => row.subject === 'leads.conversation.escalated.v1')?.payload.reason).toBe(
      'visitor_request',
    );
  });
});

describeDistributed('website chat across gateway replicas', () => {
  let platform: Platform;
  let widgetId: string;

  beforeAll(async () => {
    platform = await startPlatform();
    const developer = await createWorkspace(platform, { kind: 'developer' });
    await createMember(platform, { workspaceId: developer.id, role: 'owner' });
    ({ widgetId } = await seedWidget(platform, developer.id));
  });

  afterAll(() => platform?.close());

  it('should deliver a message sent through one gateway to a stream held by another', async () => {
    const second = await platform.startGatewayReplica();
    const chat = (
      await request(platform.gatewayUrl)
        .post(`/v1/widgets/${widgetId}/sessions`)
        .set('origin', SITE)
        .send({})
        .expect(201)
    ).body as Created;
    const streams = await Promise.all([
      openStream(second, chat.session.id, chat.token),
      openStream(platform.gatewayUrl, chat.session.id, chat.token),
    ]);
    try {
      await eventually(
        () => streams.every((s) => s.events.length >= 1),
        (ready) => ready,
      );
      const sent = await request(platform.gatewayUrl)
        .post(`/v1/widget-sessions/${chat.session.id}/messages`)
        .set({ authorization: `Bearer ${chat.token}` })
        .send({ text: 'talk to a person' })
        .expect(201);
      const id = (sent.body as { message: MessageResponse }).message.id;
      for (const stream of streams) {
        const events = await eventually(
          () => stream.events,
          (all) => all.some((e) => e.event === 'message' && (e.data as MessageResponse).id === id),
        );
        expect(events.some((e) => e.event === 'message' && (e.data as MessageResponse).id === id)).toBe(true);
      }
      // A gateway stopping (SIGTERM) ends its streams properly, so the browser reconnects elsewhere.
      await platform.stopApp('gateway');
      expect(await streams[1].ended).toBe(true);
    } finally {
      streams.forEach((s) => s.close());
    }
  });
});

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1. While `holding`, it keeps each
 * answer until the test releases it: the model is "still answering" for as long as the test needs.
 */
class SlowChatCompletions {
  holding = false;
  readonly seen: { messages: { role: string; content: string }[] }[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly arrivals: (() => void)[] = [];
  private readonly server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      this.seen.push(JSON.parse(raw) as SlowChatCompletions['seen'][number]);
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'test-model',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: 'Tower A is handed over in the fourth quarter of 2027.' },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      };
      this.arrivals.splice(0).forEach((arrived) => arrived());
      if (this.holding) this.waiting.push(answer);
      else answer();
    });
  });

  /** Resolves when the next request arrives. */
  nextRequest(): Promise<void> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  release(): void {
    this.holding = false;
    this.waiting.splice(0).forEach((answer) => answer());
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1`;
  }

  close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const AI_ENV = {
  AI_PROVIDER: 'openai',
  AI_MODEL: 'test-model',
  AI_TIMEOUT_MS: '60000',
  AI_MAX_RETRIES: '0',
};

describeE2e('website chat: the assistant’s replies and the escalation race', () => {
  const model = new SlowChatCompletions();
  let platform: Platform;
  let owner: MemberFixture;
  let widgetId: string;
  let projectId: string;
  let articleId: string;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function startChat(): Promise<Created> {
    return (
      await api().post(`/v1/widgets/${widgetId}/sessions`).set('origin', SITE).send({ language: 'en' }).expect(201)
    ).body as Created;
  }

  async function ask(chat: Created, text: string): Promise<void> {
    await api().post(`/v1/widget-sessions/${chat.session.id}/messages`).set(as(chat.token)).send({ text }).expect(201);
  }

  async function thread(chat: Created): Promise<VisitorThreadResponse> {
    return (await api().get(`/v1/widget-sessions/${chat.session.id}/messages`).set(as(chat.token)).expect(200))
      .body as VisitorThreadResponse;
  }

  beforeAll(async () => {
    const baseUrl = await model.start();
    platform = await startPlatform({ env: { ...AI_ENV, AI_BASE_URL: baseUrl } });
    const developer = await createWorkspace(platform, { kind: 'developer' });
    owner = await createMember(platform, { workspaceId: developer.id, role: 'owner' });
    ({ widgetId, projectId } = await seedWidget(platform, developer.id));
    articleId = await withClient(platform.databaseUrl, async (client) => {
      const entry = await client.query<{ id: string }>(
        `INSERT INTO leads.knowledge_entries (workspace_id, project_id, kind, title_en, body_en)
         VALUES ($1, $2, 'article', 'Handover', $3) RETURNING id`,
        [
          developer.id,
          projectId,
          'Tower A handover is planned for the fourth quarter of 2027, after final inspection.',
        ],
      );
      await client.query(
        `INSERT INTO leads.knowledge_passages (entry_id, project_id, language, position, title, text)
         VALUES ($1, $2, 'en', 0, 'Handover', $3)`,
        [
          entry.rows[0].id,
          projectId,
          'Tower A handover is planned for the fourth quarter of 2027, after final inspection.',
        ],
      );
      return entry.rows[0].id;
    });
  });

  afterAll(async () => {
    await platform?.close();
    await model.close();
    // Standalone runs in this process: later files in the worker must not inherit the model.
    for (const key of [...Object.keys(AI_ENV), 'AI_BASE_URL']) delete process.env[key];
  });

  it('should answer from the knowledge base with citations, through the model, on the stream', async () => {
    const chat = await startChat();
    const stream = await openStream(platform.gatewayUrl, chat.session.id, chat.token);
    try {
      await ask(chat, 'When is the handover of Tower A?');
      const events = await eventually(
        () => stream.events,
        (all) => all.some((e) => e.event === 'message' && (e.data as MessageResponse).author === 'assistant'),
      );
      const reply = events.find((e) => (e.data as MessageResponse).author === 'assistant')?.data as MessageResponse;
      expect(reply).toMatchObject({
        text: 'Tower A is handed over in the fourth quarter of 2027.',
        citations: [{ source_id: `article:${articleId}`, title: 'Handover' }],
      });
      expect((await thread(chat)).messages.map((m) => m.author)).toEqual(['visitor', 'assistant']);
    } finally {
      stream.close();
    }
  });

  it('should tell nobody of a visitor message the assistant answers', async () => {
    const chat = await startChat();
    await ask(chat, 'When is the handover of Tower A?');
    await eventually(
      () => thread(chat),
      (t) => t.messages.some((m) => m.author === 'assistant'),
    );
    // The event would be written with the message; nothing about this chat went to the outbox.
    const events = await withClient(platform.databaseUrl, async (client) =>
      (
        await client.query<{ subject: string }>(
          `SELECT subject FROM leads.outbox WHERE payload->>'session_id' = $1 ORDER BY created_at`,
          [chat.session.id],
        )
      ).rows.map((row) => row.subject),
    );
    expect(events).toEqual(['leads.widget_session.created.v1']);
    // Escalated afterwards, the escalation is the first thing the team hears of this chat.
    await api().post(`/v1/widget-sessions/${chat.session.id}/escalate`).set(as(chat.token)).expect(200);
    const notified = await notifiedOf(platform, owner, chat.session.id, 1);
    expect(notified.map((n) => n.kind)).toEqual(['conversation_escalated']);
  });

  it('should never store nor stream an answer the model finishes after the visitor escalated', async () => {
    const chat = await startChat();
    const stream = await openStream(platform.gatewayUrl, chat.session.id, chat.token);
    try {
      model.holding = true;
      const asked = model.nextRequest();
      await ask(chat, 'When is the handover of Tower A?');
      await asked; // the model is answering now
      const escalated = await api()
        .post(`/v1/widget-sessions/${chat.session.id}/escalate`)
        .set(as(chat.token))
        .expect(200);
      expect((escalated.body as { session: SessionResponse }).session.escalated).toBe(true);

      // Hold the session's row, let the model answer, and see the reply's transaction wait for the row (a
      // waiter on our transaction in pg_locks): it then re-reads the session and must drop the answer.
      await withClient(platform.databaseUrl, async (client) => {
        await client.query('BEGIN');
        await client.query(`SELECT id FROM leads.widget_sessions WHERE id = $1 FOR UPDATE`, [chat.session.id]);
        model.release();
        const waiters = await eventually(
          async () =>
            (
              await client.query<{ pid: number }>(
                `SELECT pid FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'
                    AND transactionid = pg_current_xact_id()::xid`,
              )
            ).rows,
          (rows) => rows.length > 0,
        );
        expect(waiters).toHaveLength(1);
        await client.query('COMMIT');
        // Its transaction is over when it holds nothing on the sessions table any more.
        const held = await eventually(
          async () =>
            (
              await client.query<{ held: number }>(
                `SELECT 1 AS held FROM pg_locks WHERE pid = $1 AND relation = 'leads.widget_sessions'::regclass`,
                [waiters[0].pid],
              )
            ).rows,
          (rows) => rows.length === 0,
        );
        expect(held).toEqual([]);
      });

      const after = await thread(chat);
      expect(after.session).toMatchObject({ escalated: true });
      expect(after.messages.map((m) => m.author)).toEqual(['visitor', 'system']);
      expect(
        stream.events.some((e) => e.event === 'message' && (e.data as MessageResponse).author === 'assistant'),
      ).toBe(false);
    } finally {
      model.release();
      stream.close();
    }
  });

  it('should say it does not know and escalate, without asking the model, when nothing is relevant', async () => {
    const chat = await startChat();
    const calls = model.seen.length;
    await ask(chat, 'Can I keep a horse on the roof garden?');
    const after = await eventually(
      () => thread(chat),
      (t) => t.messages.length === 2,
    );
    expect(after.session.escalated).toBe(true);
    expect(after.messages[1]).toMatchObject({ author: 'assistant', citations: [] });
    expect(after.messages[1].text).toMatch(/don’t know/);
    expect(model.seen.length).toBe(calls);
    const [notice] = await notifiedOf(platform, owner, chat.session.id, 1);
    expect(notice).toMatchObject({
      kind: 'conversation_escalated',
      body: 'The assistant could not answer a visitor on your website and handed the chat to your team.',
    });
    // Escalated: the next question waits for a person, who is told of it.
    await ask(chat, 'When is the handover of Tower A?');
    expect((await notifiedOf(platform, owner, chat.session.id, 2))[1].kind).toBe('conversation_visitor_message');
    await api().get(`/v1/workspace/conversations/${chat.session.id}`).set(as(owner.token)).expect(200);
    expect((await thread(chat)).messages.map((m) => m.author)).toEqual(['visitor', 'assistant', 'visitor']);
    expect(model.seen.length).toBe(calls);

    // Handed back, the assistant answers again.
    await api().post(`/v1/workspace/conversations/${chat.session.id}/take-over`).set(as(owner.token)).expect(200);
    await api().post(`/v1/workspace/conversations/${chat.session.id}/hand-back`).set(as(owner.token)).expect(200);
    await ask(chat, 'When is the handover of Tower A?');
    const answered = await eventually(
      () => thread(chat),
      (t) => t.messages.length === 5,
    );
    expect(answered.messages[4]).toMatchObject({
      author: 'assistant',
      citations: [{ source_id: `article:${articleId}` }],
    });
  });
});

describeE2e('website chat: answered in the language the visitor writes', () => {
  let platform: Platform;
  let widgetId: string;
  let amenitiesId: string;
  let loungeId: string;
  let securityId: string;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function chatIn(language: 'ar' | 'en'): Promise<Created> {
    return (await api().post(`/v1/widgets/${widgetId}/sessions`).set('origin', SITE).send({ language }).expect(201))
      .body as Created;
  }

  /** The visitor writes; the assistant's reply (or its "I don't know") once it is there. */
  async function reply(chat: Created, text: string): Promise<{ message: MessageResponse; session: SessionResponse }> {
    await visitorWrites(platform, chat, text).expect(201);
    const thread = await eventually(
      async () =>
        (await api().get(`/v1/widget-sessions/${chat.session.id}/messages`).set(as(chat.token)).expect(200))
          .body as VisitorThreadResponse,
      (t) => t.messages.some((m) => m.author === 'assistant'),
    );
    return {
      message: thread.messages.find((m) => m.author === 'assistant') as MessageResponse,
      session: thread.session,
    };
  }

  beforeAll(async () => {
    platform = await sharedPlatform();
    const developer = await createWorkspace(platform, { kind: 'developer' });
    const owner = await createMember(platform, { workspaceId: developer.id, role: 'owner' });
    const project = (
      await api()
        .post('/v1/projects')
        .set(as(owner.token))
        .send({
          name_en: 'Palm Oasis Residences',
          name_ar: 'مشروع واحة النخيل السكني',
          city: 'الرياض',
          district: 'العليا',
          status: 'off_plan',
          handover_date: '2027-12-31',
          rega_licence_number: '1234567890',
        })
        .expect(201)
    ).body as { id: string };
    const widget = await api()
      .put(`/v1/projects/${project.id}/widget`)
      .set(as(owner.token))
      .send({ enabled: true, languages: ['ar', 'en'], default_language: 'ar', allowed_origins: [SITE] })
      .expect(200);
    widgetId = (widget.body as { id: string }).id;
    const article = async (body: object) =>
      (
        (await api().post(`/v1/projects/${project.id}/knowledge/articles`).set(as(owner.token)).send(body).expect(201))
          .body as { id: string }
      ).id;
    amenitiesId = await article({
      kind: 'article',
      title_en: 'Amenities',
      body_en: "Residents have a swimming pool, a gym, a children's play area and a prayer room.",
      title_ar: 'المرافق',
      body_ar: 'يتمتع السكان بمسبح ونادٍ رياضي ومنطقة ألعاب للأطفال ومصلى.',
    });
    // Written in English only.
    loungeId = await article({
      kind: 'article',
      title_en: 'Sky Lounge',
      body_en: 'The Sky Lounge on the roof opens every day from 7 pm to midnight.',
    });
    // Written in Arabic only.
    securityId = await article({
      kind: 'faq',
      title_ar: 'هل المجمع آمن؟',
      body_ar: 'المجمع مسوّر بحراسة على مدار الساعة وكاميرات مراقبة عند المداخل.',
    });
  });

  afterAll(() => platform?.close());

  it('should answer an English question in English from the knowledge base when the chat was opened in Arabic', async () => {
    const { message, session } = await reply(await chatIn('ar'), 'Which amenities are there?');
    expect(message.text).toContain('swimming pool');
    expect(message.citations).toEqual([expect.objectContaining({ source_id: `article:${amenitiesId}` })]);
    expect(session).toMatchObject({ language: 'ar', escalated: false });
  });

  it('should answer an Arabic question in Arabic when the chat was opened in English', async () => {
    const { message, session } = await reply(await chatIn('en'), 'ما هي المرافق في المشروع؟');
    expect(message.text).toContain('مسبح');
    expect(message.citations).toEqual([expect.objectContaining({ source_id: `article:${amenitiesId}` })]);
    expect(session.escalated).toBe(false);
  });

  it('should reach an entry written in English only from a chat opened in Arabic when the visitor writes English', async () => {
    const { message, session } = await reply(await chatIn('ar'), 'When does the Sky Lounge open?');
    expect(message.text).toContain('from 7 pm to midnight');
    expect(message.citations).toEqual([expect.objectContaining({ source_id: `article:${loungeId}` })]);
    expect(session.escalated).toBe(false);
  });

  it('should answer an English question from an entry written only in Arabic, saying in English that it is Arabic', async () => {
    const { message, session } = await reply(await chatIn('ar'), 'Are there security guards?');
    expect(message.text).toMatch(/^The project team wrote this only in Arabic:\n/);
    expect(message.text).toContain('بحراسة على مدار الساعة');
    expect(message.citations).toEqual([expect.objectContaining({ source_id: `article:${securityId}` })]);
    expect(session.escalated).toBe(false);
  });

  it('should answer an Arabic question from an entry written only in English, saying in Arabic that it is English', async () => {
    const { message, session } = await reply(await chatIn('en'), 'ما مواعيد الصالة على السطح؟');
    expect(message.text).toMatch(/^كتب فريق المشروع هذه المعلومة بالإنجليزية فقط:\n/);
    expect(message.text).toContain('from 7 pm to midnight');
    expect(message.citations).toEqual([expect.objectContaining({ source_id: `article:${loungeId}` })]);
    expect(session.escalated).toBe(false);
  });

  it('should say it does not know in the language the visitor wrote when nothing is relevant', async () => {
    const { message, session } = await reply(await chatIn('ar'), 'Can I keep a horse on the roof garden?');
    expect(message.text).toMatch(/don’t know/);
    expect(session.escalated).toBe(true);
    const arabic = await reply(await chatIn('en'), 'هل يوجد ملعب غولف في المجمع؟');
    expect(arabic.session.escalated).toBe(true);
    expect(arabic.message.citations).toEqual([]);
  });
});
