import http from 'node:http';
import type { Lane, OneShot } from './one-shot-load';
import { postJson, signUp } from './platforms';
import { takeEvents } from './server-sent-events';

/**
 * The chat widget's message round trip: a visitor's message posted, then the assistant's answer
 * from the project's knowledge base received on the chat's event stream, as the widget page
 * receives it. Per chat at most 20 visitor messages a minute and per client IP 120 requests a
 * minute on the session and message routes (docs/widget.md): each visitor comes from an address
 * of its own on the loopback network (127.0.1.1 upwards) and sends TURNS messages in its chat.
 */
export const TURNS = 8;
const SITE = 'https://bench.example.sa';
const REPLY_TIMEOUT_MS = 15_000;

/** What the project's knowledge base holds, and questions it answers (no price question: that asks the catalogue). */
const ARTICLES = [
  {
    title_en: 'Payment plan',
    body_en: 'The payment plan is 10% on booking, 40% during construction and 50% on handover.',
    title_ar: 'خطة الدفع',
    body_ar: 'خطة الدفع 10% عند الحجز و40% أثناء البناء و50% عند التسليم.',
  },
  {
    title_en: 'Handover date',
    body_en: 'Handover of the first tower is planned for the last quarter of 2027.',
    title_ar: 'موعد التسليم',
    body_ar: 'تسليم البرج الأول مخطط له في الربع الأخير من عام 2027.',
  },
  {
    title_en: 'Parking and amenities',
    body_en: 'Every apartment has one covered parking space; residents share a gym and a pool.',
    title_ar: 'المواقف والمرافق',
    body_ar: 'لكل شقة موقف سيارة مغطى واحد، وللسكان نادٍ رياضي ومسبح مشتركان.',
  },
];
const QUESTIONS = [
  'What is the payment plan?',
  'ما هي خطة الدفع؟',
  'When is the handover date?',
  'متى موعد التسليم؟',
  'Is there parking for each apartment?',
  'هل يوجد موقف سيارة لكل شقة؟',
];

export interface BenchWidget {
  widgetId: string;
}

/**
 * A developer signs up, creates a project, writes its knowledge base (three bilingual
 * articles) and switches its widget on for SITE, all through the API as a customer would.
 */
export async function setUpWidget(baseUrl: string): Promise<BenchWidget> {
  const { token } = await signUp(baseUrl, {
    name: 'خالد الشمري',
    role: 'developer',
    workspace_name: 'شركة قياس للتطوير',
  });
  const project = (await postJson(
    baseUrl,
    '/v1/projects',
    { name_en: 'Bench Towers', name_ar: 'أبراج القياس', city: 'الرياض', district: 'العليا', status: 'off_plan' },
    token,
  )) as { id: string };
  for (const article of ARTICLES)
    await postJson(baseUrl, `/v1/projects/${project.id}/knowledge/articles`, article, token);
  const widget = await send<{ id: string }>(baseUrl, 'PUT', `/v1/projects/${project.id}/widget`, {
    body: { enabled: true, allowed_origins: [SITE], languages: ['ar', 'en'], default_language: 'ar' },
    headers: { authorization: `Bearer ${token}` },
  });
  if (widget.status !== 200) throw new Error(`PUT widget: ${widget.status} ${JSON.stringify(widget.body)}`);
  return { widgetId: widget.body.id };
}

interface Visitor {
  sessionId: string;
  token: string;
  address: string;
}

/** `count` visitors, each with a chat of its own opened from its own loopback address (`first` numbers them). */
export async function openChats(
  baseUrl: string,
  widget: BenchWidget,
  first: number,
  count: number,
): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  for (let i = first; i < first + count; i++) {
    const address = `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
    const created = await send<{ session: { id: string }; token: string }>(
      baseUrl,
      'POST',
      `/v1/widgets/${widget.widgetId}/sessions`,
      { body: { origin: SITE, language: 'ar' }, localAddress: address },
    );
    if (created.status !== 201) throw new Error(`open a chat: ${created.status} ${JSON.stringify(created.body)}`);
    visitors.push({ sessionId: created.body.session.id, token: created.body.token, address });
  }
  return visitors;
}

/**
 * The route: each visitor's lane opens its chat's event stream, then each turn posts a question
 * and ends when the assistant's answer arrives on the stream (201 then; 0 if none in time).
 */
export function chatLanes(baseUrl: string, visitors: Visitor[]): Lane[] {
  return visitors.map((visitor, v) => {
    const stream = new ReplyStream(baseUrl, visitor);
    const requests: OneShot[] = Array.from({ length: TURNS }, (_, turn) => ({
      send: async () => {
        const reply = stream.nextAssistantMessage();
        const posted = await send(baseUrl, 'POST', `/v1/widget-sessions/${visitor.sessionId}/messages`, {
          body: { text: QUESTIONS[(v + turn) % QUESTIONS.length] },
          headers: { authorization: `Bearer ${visitor.token}` },
          localAddress: visitor.address,
        });
        if (posted.status !== 201) return posted.status;
        return (await reply) ? 201 : 0;
      },
    }));
    return { requests, open: () => stream.open(), close: () => stream.close() };
  });
}

/** The bare baseline: each turn a POST that answers with the assistant's message (the bare server answers in the request). */
export function bareChatLanes(bareUrl: string, visitors: Visitor[]): Lane[] {
  return visitors.map((visitor, v) => ({
    requests: Array.from({ length: TURNS }, (_, turn) => ({
      send: async () =>
        (
          await send(bareUrl, 'POST', `/v1/widget-sessions/${visitor.sessionId}/messages`, {
            body: { text: QUESTIONS[(v + turn) % QUESTIONS.length] },
          })
        ).status,
    })),
  }));
}

/** A chat's Server-Sent Events, read as the widget page reads them: resolves a waiter per assistant message. */
class ReplyStream {
  private request?: http.ClientRequest;
  private waiter?: (answered: boolean) => void;

  constructor(
    private readonly baseUrl: string,
    private readonly visitor: Visitor,
  ) {}

  open(): Promise<void> {
    const url = `${this.baseUrl}/v1/widget-sessions/${this.visitor.sessionId}/events?token=${encodeURIComponent(this.visitor.token)}`;
    return new Promise((resolve, reject) => {
      this.request = http.get(
        url,
        { headers: { accept: 'text/event-stream' }, localAddress: this.visitor.address },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`the chat's event stream answered ${res.statusCode}`));
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const { events, rest } = takeEvents(buffer + chunk);
            buffer = rest;
            for (const { event, data } of events) {
              if (event === 'session') resolve();
              if (event === 'message' && (data as { author?: string }).author === 'assistant') {
                this.waiter?.(true);
                this.waiter = undefined;
              }
            }
          });
          res.on('close', () => this.waiter?.(false));
        },
      );
      this.request.on('error', reject);
    });
  }

  /** True when the next assistant message arrives in time. */
  nextAssistantMessage(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), REPLY_TIMEOUT_MS);
      this.waiter = (answered) => {
        clearTimeout(timer);
        resolve(answered);
      };
    });
  }

  close(): void {
    this.request?.destroy();
  }
}

/** One JSON request over node:http (fetch cannot choose the local address). */
function send<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; localAddress?: string },
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method,
        localAddress: options.localAddress,
        headers: { ...options.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
