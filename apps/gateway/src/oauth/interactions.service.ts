import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { errors } from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { AccountsRepository } from '../identity/accounts/accounts.repository';
import { normalizeEmail } from '../identity/accounts/email';
import { verifyPassword } from '../identity/accounts/passwords';
import { ToolCatalogue, isVisible } from '../mcp/tools/tool-catalogue';
import { ToolCallersRepository } from '../mcp/tools/tool-callers.repository';
import { consentPermissions } from './consent-permissions';
import { consentPage, expiredPage, foreignFormPage, loginPage } from './interaction-pages';
import { OAuthAccountsRepository } from './oauth-accounts.repository';
import { OAuthServer } from './oauth-server.service';
import type { PageLanguage } from './page-language';
import { mcpResourceUrl, restResourceUrl } from './public-origin';
import { isRestScope } from './rest-scopes';
import type { RestScope } from './rest-scopes';

export type PageAnswer =
  | {
      kind: 'page';
      status: number;
      html: string;
      /** The client's origin: the form's redirect chain ends there, so the page's form-action must allow it. */
      formTarget?: string;
    }
  | { kind: 'redirect'; location: string };

export interface InteractionForm {
  csrf?: unknown;
  email?: unknown;
  password?: unknown;
  lang?: unknown;
}

interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

const page = (html: string, status = 200, formTarget?: string): PageAnswer => ({
  kind: 'page',
  status,
  html,
  ...(formTarget ? { formTarget } : {}),
});
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The login and consent steps of an authorization request (/interaction/{uid}). oidc-provider
 * binds the uid to the browser's interaction cookie; each form also carries a token derived
 * from the uid, and a cross-origin form post is refused, so no other site can submit them.
 */
@Injectable()
export class InteractionsService {
  private readonly logger = new Logger(InteractionsService.name);

  constructor(
    private readonly oauth: OAuthServer,
    private readonly accounts: AccountsRepository,
    private readonly oauthAccounts: OAuthAccountsRepository,
    private readonly tools: ToolCatalogue,
    private readonly toolCallers: ToolCallersRepository,
  ) {}

  async show(req: IncomingMessage, res: ServerResponse, language: PageLanguage): Promise<PageAnswer> {
    const details = await this.details(req, res);
    if (!details) return page(expiredPage(language), 400);
    const clientName = await this.clientName(req, details.params.client_id);
    const formTarget = originOf(text(details.params.redirect_uri));
    if (details.prompt.name === 'login') {
      return page(loginPage(language, { uid: details.uid, clientName, csrf: this.csrf(details.uid) }), 200, formTarget);
    }
    const principal = await this.oauthAccounts.principalOf(details.session?.accountId ?? '');
    if (!principal) return page(expiredPage(language), 400);
    const asked = this.askedFor(req, details);
    // The tools this user's assistant will reach: its workspace role's, as /mcp will list them.
    const caller = asked.mcp ? await this.toolCallers.callerOf(principal) : null;
    const tools = caller ? this.tools.tools.filter((tool) => isVisible(tool, caller)) : null;
    return page(
      consentPage(language, {
        uid: details.uid,
        clientName,
        redirectHost: hostOf(text(details.params.redirect_uri)),
        csrf: this.csrf(details.uid),
        permissions: consentPermissions(tools, asked.restScopes, language),
      }),
      200,
      formTarget,
    );
  }

  async login(
    req: IncomingMessage,
    res: ServerResponse,
    form: InteractionForm,
    language: PageLanguage,
  ): Promise<PageAnswer> {
    const details = await this.details(req, res);
    if (!details || details.prompt.name !== 'login') return page(expiredPage(language), 400);
    const foreign = this.foreignForm(details.uid, form.csrf, req, language);
    if (foreign) return foreign;
    const email = text(form.email);
    const account = email ? await this.accounts.findByEmailNormalized(normalizeEmail(email)) : null;
    const matches = await verifyPassword(account?.passwordHash, text(form.password));
    if (!account || !matches) {
      const clientName = await this.clientName(req, details.params.client_id);
      return page(
        loginPage(language, { uid: details.uid, clientName, csrf: this.csrf(details.uid), email, failed: true }),
        401,
        originOf(text(details.params.redirect_uri)),
      );
    }
    return this.finish(req, res, { login: { accountId: account.id } });
  }

  async consent(req: IncomingMessage, res: ServerResponse, form: InteractionForm, language: PageLanguage) {
    const provider = this.oauth.providerFor(req);
    const details = await this.details(req, res);
    const accountId = details?.session?.accountId;
    if (!details || !accountId || details.prompt.name !== 'consent') return page(expiredPage(language), 400);
    const foreign = this.foreignForm(details.uid, form.csrf, req, language);
    if (foreign) return foreign;
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: text(details.params.client_id) });
    const missing = details.prompt.details as ConsentDetails;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    const grantId = await grant.save();
    this.logger.log({ account_id: accountId, client_id: details.params.client_id }, 'OAuth client connected');
    return this.finish(req, res, { consent: { grantId } });
  }

  async abort(req: IncomingMessage, res: ServerResponse, form: InteractionForm, language: PageLanguage) {
    const details = await this.details(req, res);
    if (!details) return page(expiredPage(language), 400);
    const foreign = this.foreignForm(details.uid, form.csrf, req, language);
    if (foreign) return foreign;
    return this.finish(req, res, { error: 'access_denied', error_description: 'The user denied the request.' });
  }

  private async finish(req: IncomingMessage, res: ServerResponse, result: InteractionResults): Promise<PageAnswer> {
    const location = await this.oauth
      .providerFor(req)
      .interactionResult(req, res, result, { mergeWithLastSubmission: false });
    return { kind: 'redirect', location };
  }

  /** The pending interaction, or nothing when it expired or belongs to another browser. */
  private async details(req: IncomingMessage, res: ServerResponse) {
    try {
      return await this.oauth.providerFor(req).interactionDetails(req, res);
    } catch (err) {
      if (err instanceof errors.SessionNotFound || err instanceof errors.InvalidRequest) return undefined;
      throw err;
    }
  }

  private async clientName(req: IncomingMessage, clientId: unknown): Promise<string> {
    const client = await this.oauth.providerFor(req).Client.find(text(clientId));
    return client?.clientName ?? text(clientId);
  }

  private csrf(uid: string): string {
    return createHmac('sha256', this.oauth.keys.cookies[0]).update(`interaction-csrf:${uid}`).digest('base64url');
  }

  /**
   * A form posted from another site (its Origin) or without this page's token is refused with a
   * page that says so (403): the sign-in itself is still open, and the page links back to it.
   */
  private foreignForm(uid: string, presented: unknown, req: IncomingMessage, language: PageLanguage) {
    const origin = req.headers.origin;
    const crossSite = Boolean(origin && origin !== 'null' && origin !== this.oauth.originOf(req));
    const expected = Buffer.from(this.csrf(uid));
    const given = Buffer.from(text(presented));
    const tokenMatches = given.length === expected.length && timingSafeEqual(given, expected);
    if (!crossSite && tokenMatches) return undefined;
    this.logger.warn({ uid, cross_site: crossSite }, 'OAuth interaction form refused: not posted from its own page');
    return page(foreignFormPage(language, uid), 403);
  }

  /**
   * The protected resources this authorization asks for, and the REST scopes: what consent will
   * grant (oidc-provider's missing resource scopes), else the `resource` parameter (default /mcp).
   */
  private askedFor(req: IncomingMessage, details: { params: Record<string, unknown>; prompt: { details: unknown } }) {
    const origin = this.oauth.originOf(req);
    const missing = (details.prompt.details as ConsentDetails).missingResourceScopes ?? {};
    const param = details.params.resource;
    const resources = Object.keys(missing).length
      ? Object.keys(missing)
      : (Array.isArray(param) ? param : [param ?? mcpResourceUrl(origin)]).map(text);
    const restScopes: RestScope[] = (missing[restResourceUrl(origin)] ?? text(details.params.scope).split(' ')).filter(
      isRestScope,
    );
    return {
      mcp: resources.includes(mcpResourceUrl(origin)),
      restScopes: resources.includes(restResourceUrl(origin)) ? restScopes : [],
    };
  }
}

/** A registered redirect URI's origin (oidc-provider checked it against the client before the interaction). */
function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

function hostOf(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}
