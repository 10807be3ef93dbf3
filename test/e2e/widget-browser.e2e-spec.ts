import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import request from 'supertest';
import { createMember, createWorkspace } from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { describeE2e, e2eMode } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/** Screenshots of the widget at each step, kept for a human to look at (gitignored). */
const ARTIFACTS = path.join(__dirname, '..', 'artifacts', 'widget');

/** What has the keyboard focus, as browser expressions (the test's own TypeScript has no DOM types). */
const FOCUSED_LABEL = "document.activeElement && document.activeElement.getAttribute('aria-label')";
const FOCUSED_ID = 'document.activeElement && document.activeElement.id';
const LAUNCHER = 'button.property-widget-launcher';

/** A developer's site: one page embedding the widget with the one script tag the docs give. */
async function hostSite(page: () => { lang: string; snippet: string }): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/') return res.writeHead(404).end();
    const { lang, snippet } = page();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<title>Al Noor Residences</title></head><body><h1>Al Noor Residences — مساكن النور</h1>
<p>Off-plan apartments in Riyadh.</p>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // `localhost`, while the gateway is reached at 127.0.0.1: another origin, as a real site is.
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describeE2e('the chat widget in a real browser', () => {
  let platform: Platform;
  let gateway: string;
  let browser: Browser;
  let owner: MemberFixture;
  let widgetId: string;
  let allowed: { url: string; close: () => void };
  let refused: { url: string; close: () => void };
  let language: 'ar' | 'en' | null = null;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  /** The site's page: in Arabic unless the snippet asks for English. */
  const hostPage = () => ({
    lang: language ?? 'ar',
    snippet: `<script src="${gateway}/widget.js" data-widget-id="${widgetId}"${language ? ` data-language="${language}"` : ''} async></script>`,
  });

  beforeAll(async () => {
    platform = await sharedPlatform();
    gateway = platform.gatewayUrl;
    allowed = await hostSite(hostPage);
    refused = await hostSite(hostPage);
    const workspace = await createWorkspace(platform, { kind: 'developer' });
    owner = await createMember(platform, { workspaceId: workspace.id, role: 'owner', name: 'سارة المطورة' });
    widgetId = await setUpWidget(platform, owner, [allowed.url]);
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    allowed?.close();
    refused?.close();
    await platform?.close();
  });

  function newContext(locale: string): Promise<BrowserContext> {
    return browser.newContext({ locale, viewport: { width: 1000, height: 760 } });
  }

  /** The chat page inside the iframe, once it has loaded. */
  async function chatFrame(page: Page): Promise<Frame> {
    const handle = await page.waitForSelector('iframe[id^="property-widget-frame-"]');
    const frame = await handle.contentFrame();
    if (!frame) throw new Error('The widget iframe has no frame');
    await frame.waitForLoadState('load');
    return frame;
  }

  /** Watches the page and its frames for Content-Security-Policy violations. */
  function cspViolations(page: Page): string[] {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    return violations;
  }

  const cases = [
    {
      name: 'Arabic (the widget default, right to left)',
      lang: null,
      locale: 'ar-SA',
      dir: 'rtl',
      launcher: 'افتح المحادثة',
      close: 'أغلق المحادثة',
      question: 'هل يوجد مسبح في مساكن النور؟',
      human: 'التحدث مع موظف',
      agentReply: 'مرحباً، أنا خالد من فريق المبيعات. نعم، المسبح مفتوح للسكان طوال العام.',
      sources: 'المصادر',
    },
    {
      name: 'English (data-language="en")',
      lang: 'en' as const,
      locale: 'en-US',
      dir: 'ltr',
      launcher: 'Open chat',
      close: 'Close chat',
      question: 'Does Al Noor Residences have a swimming pool?',
      human: 'Talk to a person',
      agentReply: 'Hello, this is Khalid from sales. Yes, the pool is open to residents all year.',
      sources: 'Sources',
    },
  ];

  it.each(cases)(
    'should chat in $name: AI reply with citations, escalation, a live human reply, and a reload that continues',
    async (c) => {
      language = c.lang;
      const context = await newContext(c.locale);
      const page = await context.newPage();
      const violations = cspViolations(page);
      await page.goto(allowed.url);
      await page.getByRole('button', { name: c.launcher }).click();
      expect(await page.locator(LAUNCHER).getAttribute('aria-label')).toBe(c.close);
      expect(await page.locator(LAUNCHER).getAttribute('aria-expanded')).toBe('true');
      const frame = await chatFrame(page);
      expect(await frame.getAttribute('html', 'dir')).toBe(c.dir);
      expect(await frame.locator('#messages').getAttribute('aria-live')).toBe('polite');
      await page.screenshot({ path: path.join(ARTIFACTS, `open-${c.lang ?? 'ar'}-${e2eMode}.png`) });

      // A question the knowledge base covers: an assistant reply citing its passage.
      await frame.getByLabel(c.lang === 'en' ? 'Your message' : 'رسالتك').fill(c.question);
      await frame.getByLabel(c.lang === 'en' ? 'Your message' : 'رسالتك').press('Enter');
      await frame.locator('.message.visitor', { hasText: c.question }).waitFor();
      const reply = frame.locator('.message.assistant').first();
      await reply.waitFor({ timeout: 30_000 });
      await reply.locator('.citations li').first().waitFor();
      expect(await reply.locator('.citations-label').textContent()).toBe(c.sources);
      expect(await reply.locator('.citations li strong').first().textContent()).toMatch(/amenities|مرافق/i);
      await page.screenshot({ path: path.join(ARTIFACTS, `ai-reply-${c.lang ?? 'ar'}-${e2eMode}.png`) });

      // Talk to a person: the session is escalated and the button says so.
      // The loader keeps the session in the site's sessionStorage (the frame's may be refused).
      const sessionId = await page.evaluate(
        (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { id?: string }).id ?? '',
        `property-widget:${widgetId}`,
      );
      expect(sessionId).toBeTruthy();
      // Buttons inside the frame are pressed with the keyboard: playwright-core's hit-target check for a
      // cross-site frame fails inside jest's sandbox ("Object not disposable"), and a visitor may do the same.
      await frame.getByRole('button', { name: c.human }).press('Enter');
      await frame.locator('#human:disabled').waitFor();
      await frame.locator('#notice:not([hidden])').waitFor();

      // A team member answers from the inbox API; the visitor sees it arrive live.
      // The inbox's conversation is the visitor session (same id).
      await api()
        .post(`/v1/workspace/conversations/${sessionId}/messages`)
        .set(as(owner.token))
        .send({ text: c.agentReply })
        .expect(201);
      await frame.locator('.message.agent', { hasText: c.agentReply }).waitFor({ timeout: 15_000 });
      await page.screenshot({ path: path.join(ARTIFACTS, `human-reply-${c.lang ?? 'ar'}-${e2eMode}.png`) });

      // A reload continues the same chat (the token is kept in sessionStorage).
      await page.reload();
      await page.getByRole('button', { name: c.launcher }).click();
      const again = await chatFrame(page);
      await again.locator('.message.agent', { hasText: c.agentReply }).waitFor();
      expect(await again.locator('.message.visitor', { hasText: c.question }).count()).toBe(1);
      expect(violations).toEqual([]);
      await context.close();
    },
  );

  it('should switch the chat between Arabic and English in place', async () => {
    language = null;
    const context = await newContext('ar-SA');
    const page = await context.newPage();
    await page.goto(allowed.url);
    await page.getByRole('button', { name: 'افتح المحادثة' }).click();
    const frame = await chatFrame(page);
    await frame.getByRole('button', { name: 'English' }).press('Enter');
    expect(await frame.getAttribute('html', 'dir')).toBe('ltr');
    await frame.getByRole('button', { name: 'Send' }).waitFor();
    expect(await frame.locator('#greeting').textContent()).toBe('Welcome! Ask us about Al Noor Residences.');
    await frame.getByRole('button', { name: 'العربية' }).press('Enter');
    expect(await frame.getAttribute('html', 'dir')).toBe('rtl');
    expect(await frame.locator('#greeting').textContent()).toBe('أهلاً بك! اسألنا عن مساكن النور.');
    await context.close();
  });

  it('should be usable with the keyboard alone: open, type, send, close back to the launcher', async () => {
    language = 'en';
    const context = await newContext('en-US');
    const page = await context.newPage();
    await page.goto(allowed.url);
    await page.getByRole('button', { name: 'Open chat' }).waitFor();
    await page.keyboard.press('Tab'); // the launcher is the page's only focusable element
    expect(await page.evaluate(FOCUSED_LABEL)).toBe('Open chat');
    await page.keyboard.press('Enter');
    const frame = await chatFrame(page);
    await frame.waitForFunction(`${FOCUSED_ID} === 'message'`);
    await page.keyboard.type('Is parking included?');
    await page.keyboard.press('Enter');
    await frame.locator('.message.visitor', { hasText: 'Is parking included?' }).waitFor();
    expect(await frame.evaluate(FOCUSED_ID)).toBe('message');
    await page.keyboard.press('Escape');
    await page.waitForFunction(`${FOCUSED_LABEL} === 'Open chat'`);
    expect(await page.getByRole('button', { name: 'Open chat' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('iframe[id^="property-widget-frame-"]').isVisible()).toBe(false);
    await context.close();
  });

  it('should leave phone and email from the contact form', async () => {
    language = 'en';
    const context = await newContext('en-US');
    const page = await context.newPage();
    await page.goto(allowed.url);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const frame = await chatFrame(page);
    await frame.getByRole('button', { name: 'Leave your phone or email' }).press('Enter');
    await frame.getByLabel('Name').fill('نورة العتيبي');
    await frame.getByLabel('Mobile number').fill('0551234567');
    await frame.getByLabel('Email').fill('noura@example.com');
    await frame.getByRole('button', { name: 'Save' }).press('Enter');
    await frame.locator('#contact-status', { hasText: 'Thank you' }).waitFor();
    await context.close();
  });

  it('should refuse a site that is not in the allowed origins: no frame, no session', async () => {
    language = 'en';
    const context = await newContext('en-US');
    const page = await context.newPage();
    await page.goto(refused.url);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const frame = await chatFrame(page);
    // The browser refuses to show the chat page inside this site (frame-ancestors): no composer.
    expect(await frame.locator('#composer').count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, `refused-origin-${e2eMode}.png`) });
    // Nor can the site's own script open a session: the API does not answer other origins' browsers.
    const created = await page.evaluate(
      async ({ url }) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ language: 'en' }),
          });
          return response.status;
        } catch {
          return 'blocked';
        }
      },
      { url: `${gateway}/v1/widgets/${widgetId}/sessions` },
    );
    expect(created).toBe('blocked');
    // And a request made outside a browser, naming that origin, is refused by the API itself.
    const res = await api()
      .post(`/v1/widgets/${widgetId}/sessions`)
      .set('origin', refused.url)
      .send({ language: 'en' })
      .expect(403);
    expect(res.body.error).toBe('origin_not_allowed');
    await context.close();
  });

  it('should serve the page with frame-ancestors from the widget and a 404 page for an unknown widget', async () => {
    const page = await request(gateway).get(`/widget/${widgetId}`).expect(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${allowed.url}`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.text).toContain('lang="ar" dir="rtl"');
    const missing = await request(gateway).get('/widget/00000000-0000-4000-8000-000000000000').expect(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const loader = await request(gateway).get('/widget.js').expect(200);
    expect(loader.headers['content-type']).toMatch(/^text\/javascript/);
    expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(loader.headers['cache-control']).toBe('public, max-age=300');
    await request(gateway).get('/widget.js').set('if-none-match', loader.headers.etag).expect(304);
  });
});

/**
 * A developer project with a small bilingual knowledge base and a widget allowing `origins`,
 * made through the API as a developer would; returns the widget's id.
 */
async function setUpWidget(platform: Platform, owner: MemberFixture, origins: string[]): Promise<string> {
  const as = (call: request.Test) => call.set('authorization', `Bearer ${owner.token}`);
  const project = await as(request(platform.baseUrl).post('/v1/projects'))
    .send({
      name_en: 'Al Noor Residences',
      name_ar: 'مساكن النور',
      description_en: 'Off-plan apartments in Riyadh.',
      description_ar: 'شقق على الخارطة في الرياض.',
      city: 'الرياض',
      district: 'العليا',
      status: 'off_plan',
      handover_date: '2028-06-30',
    })
    .expect(201);
  const projectId = project.body.id as string;
  await as(request(platform.baseUrl).post(`/v1/projects/${projectId}/knowledge/articles`))
    .send({
      kind: 'faq',
      title_en: 'Which amenities does Al Noor Residences have?',
      body_en: "Al Noor Residences has a swimming pool for residents, a gym and a children's play area.",
      title_ar: 'ما هي مرافق مساكن النور؟',
      body_ar: 'في مساكن النور مسبح للسكان وصالة رياضية ومنطقة ألعاب للأطفال.',
    })
    .expect(201);
  await as(request(platform.baseUrl).post(`/v1/projects/${projectId}/knowledge/articles`))
    .send({
      kind: 'article',
      title_en: 'Handover and warranty',
      body_en: 'Apartments are handed over with a ten-year structural warranty and a one-year finishing warranty.',
      title_ar: 'التسليم والضمان',
      body_ar: 'تسلم الشقق مع ضمان إنشائي لعشر سنوات وضمان للتشطيبات لمدة سنة.',
    })
    .expect(201);
  const widget = await as(request(platform.baseUrl).put(`/v1/projects/${projectId}/widget`))
    .send({
      enabled: true,
      greeting_en: 'Welcome! Ask us about Al Noor Residences.',
      greeting_ar: 'أهلاً بك! اسألنا عن مساكن النور.',
      primary_color: '#0f766e',
      languages: ['ar', 'en'],
      default_language: 'ar',
      allowed_origins: origins,
    })
    .expect(200);
  return widget.body.id as string;
}
