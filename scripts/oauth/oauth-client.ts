import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * An MCP client's side of OAuth 2.1 against the gateway, as the e2e tests and `npm run bench:mcp`
 * drive it: the SDK's provider interface kept in memory and a screenless browser for the login
 * and consent pages.
 */

/** Where the scripted "assistant" says it receives the code; nothing listens there: the flow stops at the redirect. */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:53682/callback';

/**
 * The SDK's OAuthClientProvider as an assistant implements it, kept in memory; instead of
 * opening a browser it remembers the authorization URL for the test to drive.
 */
export class TestOAuthClient implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;

  constructor(
    readonly name = 'Test assistant',
    readonly redirectUri = TEST_REDIRECT_URI,
  ) {}

  get redirectUrl(): string {
    return this.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp',
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

/** A browser without a screen: a cookie jar and manual redirects over fetch. */
export class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  async get(url: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(url, { method: 'GET', headers });
  }

  async postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin, ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Follows redirects on the gateway; stops at the first one that leaves it (the client's redirect URI). */
  async follow(response: Response, base: string): Promise<{ response: Response; url: string }> {
    let current = response;
    let url = current.url;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get('location') ?? '', url || base).href;
      if (!location.startsWith(base)) return { response: current, url: location };
      url = location;
      current = await this.get(location);
    }
    return { response: current, url };
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    Object.defineProperty(response, 'url', { value: url });
    return response;
  }
}

export const csrfOf = (html: string): string => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/**
 * What a user does in the browser: open the authorization URL, sign in, allow. Returns the
 * code from the redirect to the client (or the redirect URL itself when `keepUrl`).
 */
export async function approve(
  gateway: string,
  authorizationUrl: URL,
  login: { email: string; password: string },
): Promise<{ code: string | null; redirect: string; loginPage: string; consentPage: string }> {
  const browser = new CookieBrowser();
  const loginStep = await browser.follow(await browser.get(authorizationUrl.href), gateway);
  const loginPage = await loginStep.response.text();
  const uidPath = new URL(loginStep.url).pathname;
  const afterLogin = await browser.postForm(`${gateway}${uidPath}/login`, {
    csrf: csrfOf(loginPage),
    email: login.email,
    password: login.password,
  });
  if (afterLogin.status !== 303) throw new Error(`login refused: ${afterLogin.status} ${await afterLogin.text()}`);
  const consentStep = await browser.follow(afterLogin, gateway);
  const consentPage = await consentStep.response.text();
  const consentPath = new URL(consentStep.url).pathname;
  const afterConsent = await browser.postForm(`${gateway}${consentPath}/consent`, { csrf: csrfOf(consentPage) });
  if (afterConsent.status !== 303) throw new Error(`consent refused: ${afterConsent.status}`);
  const done = await browser.follow(afterConsent, gateway);
  return { code: new URL(done.url).searchParams.get('code'), redirect: done.url, loginPage, consentPage };
}

/**
 * The whole flow as an assistant runs it through the SDK: discovery from /mcp, dynamic
 * registration, authorize with PKCE S256 and the /mcp resource, the user's login and consent,
 * then the token exchange. Returns the client with its tokens saved.
 */
export async function authorizeMcpClient(
  gateway: string,
  login: { email: string; password: string },
  oauth = new TestOAuthClient(),
): Promise<TestOAuthClient> {
  const serverUrl = `${gateway}/mcp`;
  if ((await auth(oauth, { serverUrl })) !== 'REDIRECT' || !oauth.authorizationUrl)
    throw new Error('the authorization server did not send the client to sign in');
  const { code } = await approve(gateway, oauth.authorizationUrl, login);
  if (!code) throw new Error('no authorization code came back');
  if ((await auth(oauth, { serverUrl, authorizationCode: code })) !== 'AUTHORIZED' || !oauth.saved)
    throw new Error('the token exchange failed');
  return oauth;
}
