import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type {
  KnowledgeAnswerResponse,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
  ProjectResponse,
  UnitResponse,
} from '@app/contracts';
import { createApiKey, createMember, createWorkspace } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform, startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const POOL_EN = {
  kind: 'article',
  title_en: 'Amenities',
  body_en:
    "Residents have a temperature-controlled swimming pool with a separate children's pool, and a fully equipped " +
    'gym with separate hours for women.',
};
const POOL_AR = {
  kind: 'article',
  title_ar: 'المرافق',
  body_ar: 'يتمتع السكان بمسبح مكيف الحرارة مع مسبح منفصل للأطفال، ونادٍ رياضي مجهز بالكامل بأوقات مخصصة للنساء.',
};
const PAYMENT_FAQ = {
  kind: 'faq',
  title_en: 'What is the payment plan?',
  body_en: 'You pay 10% when you book, 60% in instalments during construction and 30% at handover.',
  title_ar: 'ما هي خطة الدفع؟',
  body_ar: 'تدفع ١٠٪ عند الحجز، و٦٠٪ على دفعات أثناء الإنشاء، و٣٠٪ عند التسليم.',
};

const SECURITY_AR = {
  kind: 'faq',
  title_ar: 'هل المجمع آمن؟',
  body_ar: 'المجمع مسوّر بحراسة على مدار الساعة وكاميرات مراقبة عند المداخل.',
};

const riyadhProject = () => ({
  name_en: 'Al Nakheel Gardens',
  name_ar: 'حدائق النخيل',
  description_en: 'Off-plan residential community in north Riyadh.',
  description_ar: 'مجمع سكني على الخارطة في شمال الرياض.',
  city: 'الرياض',
  district: 'العليا',
  status: 'off_plan',
  handover_date: '2027-12-31',
  rega_licence_number: '1234567890',
  escrow_account_number: 'SA0380000000608010167519',
});

/** A one-page PDF with a text layer, written here: a Helvetica text object per line. */
function pdfWithText(lines: string[]): Buffer {
  const content = lines.map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 20} Td (${line}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const FAIL = '<fail>';

interface SeenRequest {
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** An OpenAI-compatible chat-completions server on 127.0.0.1: answers `reply`, or fails with 500. */
class ChatCompletionsServer {
  /** The model's reply; `FAIL` answers 500. */
  reply = 'ok';
  readonly seen: SeenRequest[] = [];
  private readonly server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      this.seen.push({ headers: req.headers, body: JSON.parse(raw) as SeenRequest['body'] });
      if (this.reply === FAIL) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'upstream overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-kb',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'test-model-2026',
          choices: [{ index: 0, message: { role: 'assistant', content: this.reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The developer workspace, its project with two units, and the people around it. */
async function setUp(platform: Platform) {
  const workspace = await createWorkspace(platform, { kind: 'developer' });
  const owner = await createMember(platform, { workspaceId: workspace.id, role: 'owner' });
  const agent = await createMember(platform, { workspaceId: workspace.id, role: 'agent' });
  const other = await createMember(platform, {
    workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
    role: 'owner',
  });
  const broker = await createMember(platform, { role: 'owner' });
  const brokerKey = await createApiKey(platform, broker.workspaceId, broker.accountId);
  const http = request(platform.baseUrl);
  const project = (
    await http.post('/v1/projects').set('authorization', `Bearer ${owner.token}`).send(riyadhProject()).expect(201)
  ).body as ProjectResponse;
  const unit = async (body: object) =>
    (
      await http
        .post(`/v1/projects/${project.id}/units`)
        .set('authorization', `Bearer ${owner.token}`)
        .send(body)
        .expect(201)
    ).body as UnitResponse;
  const units = [
    await unit({ unit_ref: 'A-101', unit_type: 'apartment', area_sqm: 150, bedrooms: 3, floor: 1, price: 1_450_000 }),
    await unit({ unit_ref: 'A-102', unit_type: 'apartment', area_sqm: 110, bedrooms: 2, floor: 1, price: 990_000 }),
    await unit({
      unit_ref: 'V-1',
      unit_type: 'villa',
      area_sqm: 260,
      bedrooms: 4,
      price: 2_600_000,
      status: 'sold',
    }),
  ];
  return { owner, agent, other, broker, brokerKey, project, units };
}

function as(platform: Platform, token: string) {
  const http = request(platform.baseUrl);
  const auth = <T extends request.Test>(test: T): T => test.set('authorization', `Bearer ${token}`);
  return {
    get: (path: string, query: Record<string, string> = {}) => auth(http.get(path).query(query)),
    post: (path: string, body: object) => auth(http.post(path)).send(body),
    patch: (path: string, body: object) => auth(http.patch(path)).send(body),
    delete: (path: string) => auth(http.delete(path)),
    upload: (path: string, file: Buffer, name: string, type: string) =>
      auth(http.post(path)).attach('file', file, { filename: name, contentType: type }),
  };
}

describeE2e('a project knowledge base and its offline answers', () => {
  let platform: Platform;
  let world: Awaited<ReturnType<typeof setUp>>;
  let base: string;
  let owner: ReturnType<typeof as>;

  beforeAll(async () => {
    platform = await sharedPlatform();
    world = await setUp(platform);
    base = `/v1/projects/${world.project.id}/knowledge`;
    owner = as(platform, world.owner.token);
  });

  afterAll(() => platform?.close());

  const add = async (body: object): Promise<KnowledgeEntryResponse> =>
    (await owner.post(`${base}/articles`, body).expect(201)).body as KnowledgeEntryResponse;
  const search = async (q: string, language?: string): Promise<KnowledgeSearchResponse> =>
    (await owner.get(`${base}/search`, { q, ...(language ? { language } : {}) }).expect(200))
      .body as KnowledgeSearchResponse;
  const answer = async (question: string): Promise<KnowledgeAnswerResponse> =>
    (await owner.post(`${base}/answer`, { question }).expect(200)).body as KnowledgeAnswerResponse;

  it('should store articles and FAQ entries in Arabic and English exactly, indexed per language', async () => {
    const arabic = await add(POOL_AR);
    expect(arabic).toMatchObject({
      object: 'knowledge_entry',
      project_id: world.project.id,
      kind: 'article',
      title_ar: 'المرافق',
      body_ar: POOL_AR.body_ar,
      title_en: null,
      passages: { en: 0, ar: 1 },
    });
    const faq = await add(PAYMENT_FAQ);
    expect(faq).toMatchObject({ kind: 'faq', passages: { en: 1, ar: 1 } });
    const page = (await owner.get(base).expect(200)).body as KnowledgePageResponse;
    expect(page.data.map((entry) => entry.id)).toEqual(expect.arrayContaining([arabic.id, faq.id]));
    await expect(owner.get(`${base}/${arabic.id}`).expect(200)).resolves.toMatchObject({
      body: { body_ar: POOL_AR.body_ar },
    });
  });

  it('should find Arabic text whatever the letter forms, diacritics and tatweel of the question', async () => {
    const entry = await add({
      kind: 'faq',
      title_ar: 'هل توجد مدرسة قريبة؟',
      body_ar: 'توجد مدرسة أهلية للبنين والبنات على بُعد خمس دقائق.',
    });
    // ه for ة, ا for أ, diacritics and a tatweel: still the same words.
    const found = await search('مَدرســه اهليه');
    expect(found).toMatchObject({ language: 'ar', relevant: true });
    expect(found.data[0]).toMatchObject({ entry_id: entry.id, source_id: `article:${entry.id}`, relevant: true });
    expect(found.data[0].score).toBeGreaterThanOrEqual(found.threshold);
  });

  it('should answer an English question extractively from the English passage, citing it', async () => {
    const entry = await add(POOL_EN);
    const reply = await answer("Is there a children's swimming pool?");
    expect(reply).toMatchObject({ object: 'knowledge_answer', kind: 'answer', language: 'en' });
    expect(reply.text).toContain("children's pool");
    expect(reply.citations).toEqual([
      { source_id: `article:${entry.id}`, title: 'Amenities', excerpt: expect.stringContaining('swimming pool') },
    ]);
  });

  it('should answer an Arabic question in Arabic from the Arabic passages', async () => {
    const reply = await answer('هل يوجد مسبح للأطفال؟');
    expect(reply).toMatchObject({ kind: 'answer', language: 'ar' });
    expect(reply.text).toContain('مسبح منفصل للأطفال');
    expect(reply.citations[0]).toMatchObject({ title: 'المرافق' });
  });

  it('should answer prices and availability from the live units, never from knowledge-base text', async () => {
    await add({
      kind: 'article',
      title_en: 'Old brochure',
      body_en: 'Prices start from 500,000 SAR. All units available.',
    });
    const english = await answer('How much is an apartment?');
    expect(english.kind).toBe('answer');
    expect(english.citations).toEqual([expect.objectContaining({ source_id: 'units' })]);
    expect(english.text).toContain('990,000 SAR');
    expect(english.text).toContain('2 of 3 units');
    expect(english.text).not.toContain('500,000');
    // The price changes in the catalogue; the next answer says so.
    await owner.patch(`/v1/projects/${world.project.id}/units/${world.units[1].id}`, { price: 950_000 }).expect(200);
    const arabic = await answer('كم سعر الشقة؟');
    expect(arabic.citations[0].source_id).toBe('units');
    expect(arabic.text).toContain('950,000 SAR');
    expect(arabic.text).toContain('حدائق النخيل');
  });

  it('should say it does not know when nothing relevant is found, in either language', async () => {
    await expect(answer('Who won the football match last night?')).resolves.toEqual({
      object: 'knowledge_answer',
      language: 'en',
      kind: 'unknown',
      text: null,
      citations: [],
    });
    await expect(answer('ما حالة الطقس في جدة غداً؟')).resolves.toMatchObject({ kind: 'unknown', language: 'ar' });
    await expect(search('weather forecast tomorrow')).resolves.toMatchObject({ relevant: false });
  });

  it('should answer across languages: an Arabic-only entry in English, an English-only one in Arabic, with a note', async () => {
    const project = (await owner.post('/v1/projects', riyadhProject()).expect(201)).body as ProjectResponse;
    const other = `/v1/projects/${project.id}/knowledge`;
    const amenities = (await owner.post(`${other}/articles`, POOL_AR).expect(201)).body as KnowledgeEntryResponse;
    const parking = (
      await owner
        .post(`${other}/articles`, {
          kind: 'faq',
          title_en: 'Is there parking?',
          body_en:
            'Every apartment has one covered parking space in the basement. Visitor parking is at the main gate.',
        })
        .expect(201)
    ).body as KnowledgeEntryResponse;
    const ask = async (question: string) =>
      (await owner.post(`${other}/answer`, { question }).expect(200)).body as KnowledgeAnswerResponse;

    const english = await ask('Which amenities are there?');
    expect(english).toMatchObject({ kind: 'answer', language: 'en' });
    expect(english.text).toBe(`The project team wrote this only in Arabic:\n${POOL_AR.body_ar}`);
    expect(english.citations).toEqual([expect.objectContaining({ source_id: `article:${amenities.id}` })]);

    const arabic = await ask('هل يوجد موقف سيارات للزوار؟');
    expect(arabic).toMatchObject({ kind: 'answer', language: 'ar' });
    expect(arabic.text).toMatch(/^كتب فريق المشروع هذه المعلومة بالإنجليزية فقط:\n/);
    expect(arabic.text).toContain('Visitor parking is at the main gate.');
    expect(arabic.citations).toEqual([expect.objectContaining({ source_id: `article:${parking.id}` })]);

    const found = (await owner.get(`${other}/search`, { q: 'Which amenities are there?' }).expect(200))
      .body as KnowledgeSearchResponse;
    expect(found).toMatchObject({ language: 'en', relevant: true });
    expect(found.data[0]).toMatchObject({ entry_id: amenities.id, language: 'ar', relevant: true });

    for (const unrelated of ['Is there a golf course in the community?', 'هل يوجد ملعب غولف في المجمع؟']) {
      await expect(ask(unrelated)).resolves.toMatchObject({ kind: 'unknown' });
    }
  });

  it('should index the new text after a PATCH and forget a deleted entry', async () => {
    const entry = await add({ kind: 'faq', title_en: 'Are pets allowed?', body_en: 'Cats are allowed inside homes.' });
    const changed = (
      await owner
        .patch(`${base}/${entry.id}`, {
          body_en: 'Cats and small dogs are allowed inside homes.',
          title_ar: 'هل يسمح بالحيوانات الأليفة؟',
          body_ar: 'يسمح بالقطط والكلاب الصغيرة.',
        })
        .expect(200)
    ).body as KnowledgeEntryResponse;
    expect(changed).toMatchObject({
      body_en: 'Cats and small dogs are allowed inside homes.',
      passages: { en: 1, ar: 1 },
    });
    expect((await search('small dogs')).data[0]).toMatchObject({ entry_id: entry.id, relevant: true });
    expect((await search('هل يسمح بالكلاب؟')).data[0]).toMatchObject({ entry_id: entry.id });
    await expect(owner.delete(`${base}/${entry.id}`).expect(200)).resolves.toMatchObject({
      body: { id: entry.id, deleted: true },
    });
    await owner.get(`${base}/${entry.id}`).expect(404);
    expect((await search('small dogs')).data.map((hit) => hit.entry_id)).not.toContain(entry.id);
  });

  it('should refuse an entry without a complete language with 422 naming the field', async () => {
    const res = await owner.post(`${base}/articles`, { title_en: 'Only a title' }).expect(422);
    expect(res.body).toMatchObject({ error: 'validation_error', field: 'body_en' });
    await owner.post(`${base}/articles`, {}).expect(422);
  });

  it('should take a PDF and a markdown document, split into passages a search finds', async () => {
    const pdf = pdfWithText([
      'Warranty',
      'The structure carries a ten-year warranty.',
      'Plumbing is guaranteed for two years.',
    ]);
    const fromPdf = (await owner.upload(`${base}/documents`, pdf, 'warranty.pdf', 'application/pdf').expect(201))
      .body as KnowledgeEntryResponse;
    expect(fromPdf).toMatchObject({
      kind: 'document',
      file_name: 'warranty.pdf',
      media_type: 'application/pdf',
      size_bytes: pdf.length,
      title_en: 'warranty',
      passages: { en: 1, ar: 0 },
    });
    expect((await search('How long is the structure warranty?')).data[0]).toMatchObject({ entry_id: fromPdf.id });

    const markdown = Buffer.from(
      '# موقف السيارات\n\nلكل شقة موقف سيارة مغطى في القبو.\n\n## Parking\n\nEvery apartment has a covered parking space.',
    );
    const fromMarkdown = (await owner.upload(`${base}/documents`, markdown, 'parking.md', 'text/markdown').expect(201))
      .body as KnowledgeEntryResponse;
    expect(fromMarkdown).toMatchObject({ media_type: 'text/markdown', passages: { en: 1, ar: 1 } });
    expect((await search('هل يوجد موقف سيارة؟')).data[0]).toMatchObject({ entry_id: fromMarkdown.id });
    // A document is replaced by uploading it again, not patched.
    await owner.patch(`${base}/${fromMarkdown.id}`, { title_en: 'x' }).expect(409);
  });

  it('should refuse a file that is neither text nor PDF, and a PDF without text', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const res = await owner.upload(`${base}/documents`, png, 'image.png', 'image/png').expect(422);
    expect(res.body).toMatchObject({ error: 'validation_error', field: 'file' });
    await owner.upload(`${base}/documents`, pdfWithText([]), 'empty.pdf', 'application/pdf').expect(422);
    await owner
      .upload(`${base}/documents`, Buffer.from('%PDF-1.4 broken'), 'broken.pdf', 'application/pdf')
      .expect(422);
  });

  it("should answer 404 for another workspace's project and entries, never its content", async () => {
    const entry = await add(POOL_EN);
    const stranger = as(platform, world.other.token);
    const paths = [base, `${base}/search?q=pool`, `${base}/${entry.id}`];
    for (const path of paths) {
      const res = await stranger.get(path).expect(404);
      expect(res.body).toMatchObject({ error: 'project_not_found' });
    }
    await stranger.post(`${base}/articles`, POOL_EN).expect(404);
    await stranger.patch(`${base}/${entry.id}`, { body_en: 'taken over' }).expect(404);
    await stranger.delete(`${base}/${entry.id}`).expect(404);
    await stranger.post(`${base}/answer`, { question: 'pool?' }).expect(404);
    await owner.get(`${base}/${entry.id}`).expect(200);
  });

  it('should let an agent read and search but not write; and refuse a broker workspace', async () => {
    const agent = as(platform, world.agent.token);
    await agent.get(base).expect(200);
    await agent.get(`${base}/search`, { q: 'pool' }).expect(200);
    const entry = await add(POOL_EN);
    for (const res of [
      await agent.post(`${base}/articles`, POOL_EN),
      await agent.patch(`${base}/${entry.id}`, { body_en: 'changed' }),
      await agent.delete(`${base}/${entry.id}`),
      await agent.upload(`${base}/documents`, Buffer.from('text'), 'a.txt', 'text/plain'),
    ]) {
      expect({ status: res.status, body: res.body as object }).toMatchObject({
        status: 403,
        body: { error: 'forbidden' },
      });
    }
    for (const token of [world.broker.token, world.brokerKey]) {
      const res = await as(platform, token).get(base).expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden' });
    }
  });
});

describeE2e('knowledge answers by an OpenAI-compatible model', () => {
  const ai = new ChatCompletionsServer();
  let platform: Platform;
  let base: string;
  let owner: ReturnType<typeof as>;
  let pool: KnowledgeEntryResponse;

  beforeAll(async () => {
    const baseUrl = await ai.start();
    platform = await startPlatform({
      env: {
        AI_PROVIDER: 'openai',
        AI_BASE_URL: baseUrl,
        AI_API_KEY: 'sk-kb-model-secret-0123456789',
        AI_MODEL: 'test-model',
        AI_TIMEOUT_MS: '8000',
        AI_MAX_RETRIES: '0',
      },
    });
    const world = await setUp(platform);
    base = `/v1/projects/${world.project.id}/knowledge`;
    owner = as(platform, world.owner.token);
    pool = (await owner.post(`${base}/articles`, { ...POOL_EN, ...POOL_AR }).expect(201))
      .body as KnowledgeEntryResponse;
    await owner.post(`${base}/articles`, PAYMENT_FAQ).expect(201);
    await owner.post(`${base}/articles`, SECURITY_AR).expect(201);
  });

  afterAll(async () => {
    await platform?.close();
    await ai.close();
  });

  beforeEach(() => {
    ai.reply = 'ok';
    ai.seen.length = 0;
  });

  const answer = async (question: string): Promise<KnowledgeAnswerResponse> =>
    (await owner.post(`${base}/answer`, { question }).expect(200)).body as KnowledgeAnswerResponse;

  it("should return the model's words, grounded on the retrieved passages it was sent, citing them", async () => {
    ai.reply = 'Yes, there is a separate pool for children.';
    const reply = await answer("Is there a children's swimming pool?");
    expect(reply).toEqual({
      object: 'knowledge_answer',
      language: 'en',
      kind: 'answer',
      text: 'Yes, there is a separate pool for children.',
      citations: [{ source_id: `article:${pool.id}`, title: 'Amenities', excerpt: expect.any(String) as string }],
    });
    expect(ai.seen).toHaveLength(1);
    const sent = ai.seen[0];
    expect(sent.headers.authorization).toBe('Bearer sk-kb-model-secret-0123456789');
    expect(sent.body.model).toBe('test-model');
    const prompt = sent.body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(POOL_EN.body_en); // the passage
    expect(prompt).toContain('Answer only from the numbered passages');
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: "Is there a children's swimming pool?" });
    expect(prompt).not.toContain(PAYMENT_FAQ.body_en); // not retrieved for this question
  });

  it('should send Arabic passages for an Arabic question and ask for Arabic', async () => {
    ai.reply = 'نعم، يوجد مسبح منفصل للأطفال.';
    const reply = await answer('هل يوجد مسبح للأطفال؟');
    expect(reply).toMatchObject({ kind: 'answer', language: 'ar', text: 'نعم، يوجد مسبح منفصل للأطفال.' });
    const prompt = ai.seen[0].body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(POOL_AR.body_ar);
    expect(prompt).toContain('Modern Standard Arabic');
  });

  it('should send an Arabic-only passage for an English question and ask for English, offline with a note when it fails', async () => {
    ai.reply = 'Yes: the community is gated, with guards around the clock and CCTV at the entrances.';
    const reply = await answer('Are there security guards?');
    expect(reply).toMatchObject({ kind: 'answer', language: 'en', text: ai.reply });
    const prompt = ai.seen[0].body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(SECURITY_AR.body_ar);
    expect(prompt).toMatch(/whatever their language, reply in\s+English, translating what you use/);

    ai.reply = FAIL;
    const offline = await answer('Are there security guards?');
    expect(offline.text).toBe(`The project team wrote this only in Arabic:\n${SECURITY_AR.body_ar}`);
  });

  it('should answer unknown without calling the model when nothing is relevant', async () => {
    await expect(answer('What is the capital of France?')).resolves.toMatchObject({ kind: 'unknown' });
    await expect(answer('من فاز بمباراة الهلال والنصر؟')).resolves.toMatchObject({ kind: 'unknown' });
    expect(ai.seen).toHaveLength(0);
  });

  it('should answer prices from the live units without calling the model', async () => {
    const reply = await answer('What are the prices of the available units?');
    expect(reply.citations).toEqual([expect.objectContaining({ source_id: 'units' })]);
    expect(reply.text).toContain('990,000 SAR');
    expect(ai.seen).toHaveLength(0);
  });

  it('should answer unknown when the model says the passages do not hold the answer', async () => {
    ai.reply = 'UNKNOWN';
    await expect(answer('Does the gym have hours for women?')).resolves.toMatchObject({
      kind: 'unknown',
      citations: [],
    });
    expect(ai.seen).toHaveLength(1);
  });

  it('should fall back to the offline answer when the model fails', async () => {
    ai.reply = FAIL;
    const reply = await answer("Is there a children's swimming pool?");
    expect(reply.kind).toBe('answer');
    expect(reply.text).toContain("children's pool");
    expect(reply.citations[0].source_id).toBe(`article:${pool.id}`);
    expect(ai.seen).toHaveLength(1);
  });
});
