import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** A Checkout Session as our local Stripe keeps it (the fields of Stripe's documented object we use). */
export interface LocalSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** What was asked for, as form fields (`line_items[0][price_data][unit_amount]`…). */
  form: Record<string, string>;
}

export interface SignedEvent {
  id: string;
  payload: string;
  header: string;
}

/**
 * Stripe's API as the official SDK speaks it, on 127.0.0.1: `POST /v1/checkout/sessions`
 * (form-encoded, `Idempotency-Key` honoured: the same key answers the first session) and
 * `POST /v1/refunds`, with Stripe's bearer-key check and error envelope. Events are signed with
 * Stripe's real scheme (`stripe.webhooks.generateTestHeaderString`) and posted to `webhookUrl`.
 */
export async function startLocalStripe() {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const sessions = new Map<string, LocalSession>();
  const refunds: { payment_intent: string; amount: number; idempotencyKey: string | undefined }[] = [];
  /** Stripe answers a repeated Idempotency-Key with the first answer, as it was. */
  const idempotent = new Map<string, unknown>();
  const sessionCreates: string[] = [];
  const sdk = new Stripe(secretKey);
  const state = {
    /** Set: every API call fails with this HTTP status (Stripe's api_error envelope). */
    failWith: undefined as number | undefined,
    /** Runs before the create-session answer is sent (e.g. the webhook arriving first). */
    beforeSessionAnswer: undefined as ((session: LocalSession) => Promise<void>) | undefined,
    webhookUrl: '',
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      void handle(req, body).then(([status, json]) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(json));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const error = (status: number, type: string, message: string): [number, unknown] => [
    status,
    { error: { type, message } },
  ];

  async function handle(req: http.IncomingMessage, body: string): Promise<[number, unknown]> {
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return error(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (state.failWith) return error(state.failWith, 'api_error', 'Stripe is having trouble');
    const form = Object.fromEntries(new URLSearchParams(body));
    const key = req.headers['idempotency-key'] as string | undefined;
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      sessionCreates.push(key ?? '');
      const earlier = key ? idempotent.get(key) : undefined;
      if (earlier) return [200, earlier];
      const session = newSession(form);
      sessions.set(session.id, session);
      const created = publicSession(session); // the answer is the session as created, whatever follows
      if (key) idempotent.set(key, created);
      await state.beforeSessionAnswer?.(session);
      return [200, created];
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      refunds.push({ payment_intent: form.payment_intent, amount: Number(form.amount), idempotencyKey: key });
      return [
        200,
        {
          id: `re_${randomBytes(8).toString('hex')}`,
          object: 'refund',
          amount: Number(form.amount),
          status: 'succeeded',
        },
      ];
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.url})`);
  }

  function newSession(form: Record<string, string>): LocalSession {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const metadata = Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])),
    );
    const quantity = Number(form['line_items[0][quantity]'] ?? 1);
    return {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: form.client_reference_id ?? null,
      metadata,
      amount_total: Number(form['line_items[0][price_data][unit_amount]']) * quantity,
      currency: form['line_items[0][price_data][currency]'],
      payment_intent: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: `${url}/c/pay/${id}`,
      form,
    };
  }

  function publicSession(session: LocalSession): Omit<LocalSession, 'form'> {
    const rest: Partial<LocalSession> = { ...session };
    delete rest.form;
    return rest as Omit<LocalSession, 'form'>;
  }

  /** A Stripe event about a session, signed as Stripe signs it (not sent). */
  function event(type: string, session: LocalSession, secret = webhookSecret): SignedEvent {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: publicSession(session) },
    });
    return { id, payload, header: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  /** The buyer pays (or fails, or lets it expire): the session changes as Stripe's does; returns its event. */
  function settle(sessionId: string, outcome: 'paid' | 'failed' | 'expired'): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (outcome === 'paid') {
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${randomBytes(12).toString('hex')}`,
        url: null,
      });
      return event('checkout.session.completed', session);
    }
    if (outcome === 'expired') {
      Object.assign(session, { status: 'expired', url: null });
      return event('checkout.session.expired', session);
    }
    Object.assign(session, { status: 'complete', payment_status: 'unpaid', url: null });
    return event('checkout.session.async_payment_failed', session);
  }

  /** Posts a signed event to the platform's webhook, as Stripe delivers it. */
  function deliver(signed: SignedEvent): Promise<Response> {
    return fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header },
      body: signed.payload,
    });
  }

  return {
    url,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    sessionCreates,
    state,
    event,
    settle,
    deliver,
    sessionOf: (purchaseId: string) => [...sessions.values()].find((s) => s.client_reference_id === purchaseId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalStripe = Awaited<ReturnType<typeof startLocalStripe>>;
