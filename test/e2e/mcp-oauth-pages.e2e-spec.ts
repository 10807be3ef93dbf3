import { randomBytes, createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';
import request from 'supertest';
import { createAccount, createMember } from '../harness/identity-fixtures';
import { describeE2e, e2eMode } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/** Screenshots of the pages, kept for a human to look at (gitignored). */
const ARTIFACTS = path.join(__dirname, '..', 'artifacts', 'mcp-oauth-pages');

describeE2e('MCP OAuth login and consent pages in a real browser', () => {
  let platform: Platform;
  let gateway: string;
  let browser: Browser;
  /** The assistant's redirect URI: a real listener, as a desktop assistant has. */
  let assistant: http.Server;
  let TEST_REDIRECT_URI: string;

  beforeAll(async () => {
    platform = await sharedPlatform();
    gateway = platform.gatewayUrl;
    assistant = http.createServer((req, res) => {
      // A page of another site that posts a form to the gateway as soon as it loads (with a guessed token).
      const forged = new URL(req.url ?? '/', 'http://assistant').searchParams.get('action');
      if (req.url?.startsWith('/forged') && forged) {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return void res.end(
          `<form method="post" action="${forged.replace(/"/g, '&quot;')}">` +
            '<input type="hidden" name="csrf" value="guessed"></form><script>document.forms[0].submit()</script>',
        );
      }
      res.end('connected');
    });
    await new Promise<void>((resolve) => assistant.listen(0, '127.0.0.1', resolve));
    TEST_REDIRECT_URI = `http://127.0.0.1:${(assistant.address() as AddressInfo).port}/callback`;
    mkdirSync(ARTIFACTS, { recursive: true });
    // playwright gives every launch a fresh temporary profile (it refuses --user-data-dir with launch()).
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
    assistant?.close();
    await platform?.close();
  });

  async function authorizationUrl(
    clientName: string,
    ask: { scope: string; resource: string } = { scope: 'mcp', resource: `${gateway}/mcp` },
  ): Promise<string> {
    const registered = await request(gateway)
      .post('/oauth/reg')
      .send({ client_name: clientName, redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none' })
      .expect(201);
    const url = new URL(`${gateway}/oauth/auth`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: registered.body.client_id as string,
      redirect_uri: TEST_REDIRECT_URI,
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      scope: ask.scope,
      resource: ask.resource,
      state: 'browser-test',
    }).toString();
    return url.href;
  }

  /** A fresh browser context with the user's language. */
  function newContext(locale: string): Promise<BrowserContext> {
    return browser.newContext({ locale, extraHTTPHeaders: { 'accept-language': locale } });
  }

  it('should sign in and allow in English, listing what the tools of the role can do', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const context = await newContext('en-US');
    const page = await context.newPage();
    const securityErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) securityErrors.push(message.text());
    });
    await page.goto(await authorizationUrl('Claude Desktop'));
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await expect(page.locator('h1').textContent()).resolves.toBe('Sign in to connect an assistant');
    await page.screenshot({ path: path.join(ARTIFACTS, `login-en-${e2eMode}.png`), fullPage: true });
    await page.fill('#email', owner.email);
    await page.fill('#password', owner.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/interaction\//);
    await expect(page.locator('h1').textContent()).resolves.toBe('Allow Claude Desktop to act for you?');
    await expect(page.locator('main > p').first().textContent()).resolves.toBe(
      'Through the MCP server, with your current role, the assistant will be able to:',
    );
    const permissions = await page.locator('ul.permissions[data-resource="mcp"] li').allTextContents();
    expect(permissions).toEqual(
      expect.arrayContaining([
        'Search properties and read listings and price information',
        'See team members, invite people, change their roles and remove them',
        'List, create and delete API keys',
        'List, create, edit and delete your workspace’s property listings',
        'Request property decisions (spends workspace credits)',
      ]),
    );
    // The owner may do these over REST, but no tool does them: the assistant cannot.
    for (const restOnly of ['Delete the workspace', 'Transfer workspace ownership', 'Manage webhooks'])
      expect(permissions).not.toContain(restOnly);
    expect(permissions.join(' ')).not.toMatch(/buy|pack/i);
    expect(await page.locator('ul.permissions[data-resource="rest"]').count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, `consent-en-${e2eMode}.png`), fullPage: true });
    await Promise.all([page.waitForURL(`${TEST_REDIRECT_URI}**`), page.click('button.primary')]);
    const back = new URL(page.url());
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('browser-test');
    expect(securityErrors).toEqual([]); // no CSP violation: the page loads only its own stylesheet
    await context.close();
  });

  it('should show the pages right to left in Arabic, by the browser language and by the switch', async () => {
    const agent = await createMember(platform, { role: 'agent', name: 'وكيل عقاري' });
    const context = await newContext('ar-SA');
    const page = await context.newPage();
    await page.goto(await authorizationUrl('مساعد الذكاء الاصطناعي'));
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await expect(page.locator('h1').textContent()).resolves.toBe('سجّل الدخول لربط مساعد');
    // The switch goes to English and back.
    await page.click('a.switch');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await page.click('a.switch');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.screenshot({ path: path.join(ARTIFACTS, `login-ar-${e2eMode}.png`), fullPage: true });
    await page.fill('#email', agent.email);
    await page.fill('#password', agent.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/interaction\//);
    await expect(page.locator('h1').textContent()).resolves.toBe(
      'هل تسمح لـ مساعد الذكاء الاصطناعي بالتصرف نيابةً عنك؟',
    );
    const permissions = await page.locator('ul.permissions li').allTextContents();
    expect(permissions).toContain('قراءة استفسارات مساحة عملك والرد عليها');
    expect(permissions).toContain('عرض حسابك وأدوارك ومساحة عملك');
    expect(permissions).not.toContain('عرض مفاتيح الواجهة البرمجية وإنشاؤها وحذفها'); // an agent has no API keys
    await page.screenshot({ path: path.join(ARTIFACTS, `consent-ar-${e2eMode}.png`), fullPage: true });
    await Promise.all([page.waitForURL(`${TEST_REDIRECT_URI}**`), page.click('button.secondary')]);
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    await context.close();
  });

  it('should list the REST scopes asked for, in Arabic, and nothing of the MCP tools', async () => {
    const buyer = await createAccount(platform, { name: 'مشترية' });
    const context = await newContext('ar-SA');
    const page = await context.newPage();
    await page.goto(
      await authorizationUrl('تطبيق الحجوزات', { scope: 'inquiries bookings', resource: `${gateway}/v1` }),
    );
    await page.fill('#email', buyer.email);
    await page.fill('#password', buyer.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/interaction\//);
    await expect(page.locator('main > p').first().textContent()).resolves.toBe('عبر واجهة REST البرمجية، سيتمكن من:');
    expect(await page.locator('ul.permissions[data-resource="rest"] li').allTextContents()).toEqual([
      'إرسال الاستفسارات إلى الوسطاء وقراءة محادثات استفساراتك والكتابة فيها',
      'حجز معاينات العقارات ومتابعتها وقبول موعد جديد أو إلغاؤها أو تقييمها',
    ]);
    expect(await page.locator('ul.permissions[data-resource="mcp"]').count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, `consent-rest-ar-${e2eMode}.png`), fullPage: true });
    await Promise.all([page.waitForURL(`${TEST_REDIRECT_URI}**`), page.click('button.primary')]);
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    await context.close();
  });

  it('should refuse a consent form posted from another site with a page saying so, and let the user go back and allow', async () => {
    const buyer = await createAccount(platform);
    const context = await newContext('en-US');
    const page = await context.newPage();
    await page.goto(await authorizationUrl('Careful assistant'));
    await page.fill('#email', buyer.email);
    await page.fill('#password', buyer.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/interaction\//);
    const action = await page.locator('form').first().getAttribute('action');
    expect(action).toMatch(/\/consent$/);

    // Another site (the assistant's port is another origin) posts the consent form in the same browser.
    const forgedPage = new URL(TEST_REDIRECT_URI.replace('/callback', '/forged'));
    forgedPage.searchParams.set('action', `${gateway}${action}`);
    await Promise.all([page.waitForURL(`${gateway}/interaction/**`), page.goto(forgedPage.href)]);
    await expect(page.locator('h1').textContent()).resolves.toBe('This form was refused');
    const message = await page.locator('p.error').textContent();
    expect(message).toContain('sent from another website');
    expect(message).toContain('your sign-in request is still open');
    expect(message).not.toContain('ended');
    await page.screenshot({ path: path.join(ARTIFACTS, `foreign-form-en-${e2eMode}.png`), fullPage: true });

    // The way back leads to the same consent, still open.
    await page.click('a.back');
    await expect(page.locator('h1').textContent()).resolves.toBe('Allow Careful assistant to act for you?');
    await Promise.all([page.waitForURL(`${TEST_REDIRECT_URI}**`), page.click('button.primary')]);
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    await context.close();
  });
});
