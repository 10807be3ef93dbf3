import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@app/errors';
import { AI_UNAVAILABLE_MESSAGE, OpenAiReasoningProvider } from './openai-reasoning.provider';
import type { OpenAiReasoningOptions } from './openai-reasoning.provider';
import { OLAYA_COMPARABLES, wellPricedApartment } from './reasoning-test-inputs';

const API_KEY = 'sk-test-0123456789abcdef';

interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; response_format: unknown };
}

type Reply = (res: ServerResponse) => void;

/** A real chat-completions server on 127.0.0.1: records each request and answers with the next reply. */
class FakeChatServer {
  readonly received: ReceivedRequest[] = [];
  private readonly server: Server;

  constructor(private readonly reply: Reply) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedRequest['body'];
    this.received.push({ method: req.method, url: req.url, headers: req.headers, body });
    this.reply(res);
  }
}

const completionWith = (content: string, model = 'qwen2.5-7b-instruct-q4') =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 900, completion_tokens: 200, total_tokens: 1100 },
  });

const answerWith =
  (answer: object): Reply =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(completionWith(JSON.stringify(answer)));
  };

const GOOD_ANSWER = {
  reasoning_en:
    'At SAR 4,200 per sqm this apartment sits in the cheapest quarter of 2024 sales in Al Olaya. ' +
    'Prices there rose 6.2% last year, which supports its value.',
  reasoning_ar:
    'يبلغ سعر المتر المربع في هذه الشقة ٤٬٢٠٠ ريال، وهو ضمن الربع الأرخص من صفقات حي العليا لعام ٢٠٢٤. ' +
    'وقد ارتفعت الأسعار في الحي بنسبة ٦٫٢٪ خلال العام الماضي.',
  key_factors: ['Priced below the 25th percentile', 'Rising district prices'],
  risk_flags: ['Details score poorly'],
};

describe('OpenAiReasoningProvider', () => {
  let server: FakeChatServer | undefined;
  let warnings: string[];

  beforeEach(() => {
    warnings = [];
  });

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function providerFor(reply: Reply, options: Partial<OpenAiReasoningOptions> = {}) {
    server = new FakeChatServer(reply);
    const baseURL = await server.start();
    return new OpenAiReasoningProvider(
      { baseURL, apiKey: API_KEY, model: 'test-model', timeoutMs: 5000, maxRetries: 1, ...options },
      { warn: (message: string) => warnings.push(message) },
    );
  }

  async function expectUnavailable(promise: Promise<unknown>): Promise<void> {
    const error: unknown = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ error: 'ai_unavailable', status: 503, message: AI_UNAVAILABLE_MESSAGE });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain(API_KEY);
  }

  it('should return the checked reasoning and the model the server reports when the answer is good', async () => {
    const provider = await providerFor(answerWith(GOOD_ANSWER));

    const reasoning = await provider.explain(wellPricedApartment());

    expect(reasoning).toEqual({ ...GOOD_ANSWER, model: 'qwen2.5-7b-instruct-q4' });
    expect(warnings).toEqual([]);
  });

  it('should send the model, the key as a Bearer token, JSON mode and the facts of the decision', async () => {
    const provider = await providerFor(answerWith(GOOD_ANSWER));

    await provider.explain(wellPricedApartment({ comparables: OLAYA_COMPARABLES }));

    expect(server!.received).toHaveLength(1);
    const [request] = server!.received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    const prompt = request.body.messages.map((m) => m.content).join('\n');
    for (const fact of ['Al Olaya', 'حي العليا', 'Riyadh', 'الرياض', '"price_per_sqm_sar": 4200', '"p25_sqm": 4300']) {
      expect(prompt).toContain(fact);
    }
    expect(prompt).toContain('"price_position": "at_or_below_p25"');
    expect(prompt).toContain('"yoy_pct": 6.2');
    expect(prompt).toContain('"bedrooms": 3');
    // The comparable sales, and the instruction to cite them in both languages.
    expect(prompt).toContain('"date": "2024-11-20"');
    expect(prompt).toContain('"price_per_sqm_min": 4100');
    expect(prompt).toMatch(/cite them in both languages/);
  });

  it('should send no Authorization header when no key is configured', async () => {
    const provider = await providerFor(answerWith(GOOD_ANSWER), { apiKey: undefined });

    await provider.explain(wellPricedApartment());

    expect(server!.received[0].headers.authorization).toBeUndefined();
  });

  it('should answer ai_unavailable when the reasoning has five sentences', async () => {
    const provider = await providerFor(
      answerWith({ ...GOOD_ANSWER, reasoning_en: 'It is cheap. It is new. It is big. It is central. Buy it.' }),
    );

    await expectUnavailable(provider.explain(wellPricedApartment()));
    expect(warnings[0]).toContain('reasoning_en must be 2-3 sentences (got 5)');
  });

  it('should answer ai_unavailable when the answer has four key factors', async () => {
    const provider = await providerFor(answerWith({ ...GOOD_ANSWER, key_factors: ['a', 'b', 'c', 'd'] }));

    await expectUnavailable(provider.explain(wellPricedApartment()));
    expect(warnings[0]).toContain('key_factors must hold at most 3 items');
  });

  it('should answer ai_unavailable when the answer is not JSON', async () => {
    const provider = await providerFor((res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(completionWith('Here is my analysis: buy.'));
    });

    await expectUnavailable(provider.explain(wellPricedApartment()));
  });

  it('should retry once and answer ai_unavailable without logging the key when the server fails with 500', async () => {
    // The error body echoes the key, as some proxies do: the log must still not carry it.
    const provider = await providerFor((res) => {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `upstream failed for key ${API_KEY}` } }));
    });

    await expectUnavailable(provider.explain(wellPricedApartment()));
    expect(server!.received).toHaveLength(2);
    expect(warnings[0]).toContain('HTTP 500');
    expect(warnings[0]).toContain('[redacted]');
  });

  it('should answer ai_unavailable within the timeout when the server never answers', async () => {
    const provider = await providerFor(() => undefined, { timeoutMs: 600 });

    const started = Date.now();
    await expectUnavailable(provider.explain(wellPricedApartment()));
    const elapsed = Date.now() - started;

    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(1500);
    expect(warnings[0]).toContain('no answer within 600 ms');
  });

  it('should answer ai_unavailable when the connection is refused', async () => {
    const closed = new FakeChatServer(() => undefined);
    const baseURL = await closed.start();
    await closed.stop();
    const provider = new OpenAiReasoningProvider(
      { baseURL, apiKey: API_KEY, model: 'test-model', timeoutMs: 5000, maxRetries: 1 },
      { warn: (message: string) => warnings.push(message) },
    );

    await expectUnavailable(provider.explain(wellPricedApartment()));
    expect(warnings[0]).toContain('ECONNREFUSED');
  });
});
