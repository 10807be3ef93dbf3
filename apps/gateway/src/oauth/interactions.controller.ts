import { Body, Controller, Get, Post, Query, Req, Res, UseFilters, UseGuards, VERSION_NEUTRAL } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../identity/access/access.decorators';
import { PAGES_CSS } from './interaction-pages';
import { LoginPageRateLimitGuard, LoginPageRateLimitedFilter } from './login-rate-limit';
import { InteractionsService } from './interactions.service';
import type { InteractionForm, PageAnswer } from './interactions.service';
import { pageLanguageOf } from './page-language';

function send(reply: FastifyReply, answer: PageAnswer): void {
  void reply.header('cache-control', 'no-store');
  if (answer.kind === 'redirect') void reply.redirect(answer.location, 303);
  else {
    if (answer.formTarget) allowFormTarget(reply, answer.formTarget);
    void reply.status(answer.status).type('text/html; charset=utf-8').send(answer.html);
  }
}

/**
 * Browsers apply form-action to the redirects after a form post too: signing in or allowing ends
 * at the client's redirect URI, so the page policy (`form-action 'self'`) gains that one origin.
 */
function allowFormTarget(reply: FastifyReply, origin: string): void {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string' || /[\s;,']/.test(origin)) return;
  reply.raw.setHeader('content-security-policy', policy.replace("form-action 'self'", `form-action 'self' ${origin}`));
}

/**
 * Login and consent pages of the OAuth authorization server (server-rendered, English and
 * Arabic). Public: the interaction cookie and the form's token identify the browser.
 */
@ApiExcludeController()
@Public()
@Controller({ path: 'interaction', version: VERSION_NEUTRAL })
export class InteractionsController {
  constructor(private readonly interactions: InteractionsService) {}

  @Get('assets/pages.css')
  stylesheet(@Res() reply: FastifyReply): void {
    void reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(PAGES_CSS);
  }

  @Get(':uid')
  async show(@Query('lang') lang: unknown, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const language = pageLanguageOf(lang, req.headers['accept-language']);
    send(reply, await this.interactions.show(req.raw, reply.raw, language));
  }

  /** Rate limited as POST /v1/auth/login is (per IP and per e-mail): over the limit, a 429 page. */
  @Post(':uid/login')
  @UseGuards(LoginPageRateLimitGuard)
  @UseFilters(LoginPageRateLimitedFilter)
  async login(@Body() form: InteractionForm, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const language = pageLanguageOf(form?.lang, req.headers['accept-language']);
    send(reply, await this.interactions.login(req.raw, reply.raw, form ?? {}, language));
  }

  @Post(':uid/consent')
  async consent(@Body() form: InteractionForm, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const language = pageLanguageOf(form?.lang, req.headers['accept-language']);
    send(reply, await this.interactions.consent(req.raw, reply.raw, form ?? {}, language));
  }

  @Post(':uid/abort')
  async abort(@Body() form: InteractionForm, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const language = pageLanguageOf(form?.lang, req.headers['accept-language']);
    send(reply, await this.interactions.abort(req.raw, reply.raw, form ?? {}, language));
  }
}
