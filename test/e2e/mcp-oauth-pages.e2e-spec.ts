import { randomBytes, createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';
import request from 'supertest';
import { createMember } from '../harness/identity-fixtures';
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
    assistant = http.createServer((_req, res) => res.end('connected'));
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

  async function authorizationUrl(clientName: string): Promise<string> {
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
      scope: 'mcp',
      resource: `${gateway}/mcp`,
      state: 'browser-test',
    }).toString();
    return url.href;
  }

  /** A fresh browser context with the user's language. */
  function newContext(locale: string): Promise<BrowserContext> {
    return browser.newContext({ locale, extraHTTPHeaders: { 'accept-language': locale } });
  }

  it('should sign in and allow in English, listing the role permissions', async () => {
    const admin = await createMember(platform, { role: 'admin' });
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
    await page.fill('#email', admin.email);
    await page.fill('#password', admin.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/interaction\//);
    await expect(page.locator('h1').textContent()).resolves.toBe('Allow Claude Desktop to act for you?');
    const permissions = await page.locator('ul.permissions li').allTextContents();
    expect(permissions).toEqual(
      expect.arrayContaining(['Manage team members and invitations', 'Create and revoke API keys']),
    );
    expect(permissions).not.toContain('Delete the workspace'); // owner only
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
    expect(permissions).toContain('قراءة الاستفسارات والرد عليها');
    expect(permissions).not.toContain('إنشاء مفاتيح الواجهة البرمجية وإلغاؤها'); // an agent has no API keys
    await page.screenshot({ path: path.join(ARTIFACTS, `consent-ar-${e2eMode}.png`), fullPage: true });
    await Promise.all([page.waitForURL(`${TEST_REDIRECT_URI}**`), page.click('button.secondary')]);
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    await context.close();
  });
});
