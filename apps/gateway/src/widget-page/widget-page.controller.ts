import { Controller, Get, Headers, Param, Query, Req, Res, VERSION_NEUTRAL } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../config/gateway.env';
import { Public } from '../identity/access/access.decorators';
import { publicOriginOf } from '../oauth/public-origin';
import { frameAncestorsOf, withFrameAncestors } from './frame-ancestors';
import { loadWidgetAssets } from './widget-assets';
import type { StaticAsset } from './widget-assets';
import { chatPage, demoHostPage, widgetLanguageOf, widgetNotFoundPage } from './widget-page-html';
import { WidgetPageConfigSource } from './widget-page-config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An origin as the loader sends it (`location.origin`): kept only when it is one. */
function originParam(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const url = new URL(value);
    return url.origin === value && /^https?:$/.test(url.protocol) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The embeddable chat: the loader script sites include (/widget.js), the chat page it frames
 * (/widget/{id}) with its one script and stylesheet, and a demo host page. Public: visitors
 * have no account; the page talks to the visitor API (/v1/widgets, /v1/widget-sessions).
 */
@ApiExcludeController()
@Public()
@Controller({ version: VERSION_NEUTRAL })
export class WidgetPageController {
  private readonly assets = loadWidgetAssets();

  constructor(
    private readonly widgets: WidgetPageConfigSource,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  /** Cached for five minutes (a change reaches sites soon), revalidated by its ETag. */
  @Get('widget.js')
  loader(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: FastifyReply): void {
    this.sendAsset(reply, this.assets.loader, ifNoneMatch, 'public, max-age=300');
  }

  /** Linked with their content version (`?v=`), so they can be cached for a day. */
  @Get('widget/assets/chat.js')
  script(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: FastifyReply): void {
    this.sendAsset(reply, this.assets.script, ifNoneMatch, 'public, max-age=86400');
  }

  @Get('widget/assets/chat.css')
  stylesheet(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: FastifyReply): void {
    this.sendAsset(reply, this.assets.stylesheet, ifNoneMatch, 'public, max-age=86400');
  }

  /**
   * The chat page. Only the widget's allowed origins may frame it (CSP frame-ancestors; the
   * X-Frame-Options header, which cannot name several origins, is dropped for it). Not cached:
   * a change of allowed origins applies at once.
   */
  @Get('widget/:widgetId')
  async page(
    @Param('widgetId') widgetId: string,
    @Query('lang') lang: unknown,
    @Query('origin') origin: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    void reply.header('cache-control', 'no-store');
    const widget = UUID.test(widgetId) ? await this.widgets.find(widgetId) : null;
    if (!widget) {
      void reply.status(404).type('text/html; charset=utf-8').send(widgetNotFoundPage(this.assets.urls));
      return;
    }
    const policy = reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.raw.setHeader(
        'content-security-policy',
        withFrameAncestors(policy, frameAncestorsOf(widget.allowed_origins)),
      );
    reply.raw.removeHeader('x-frame-options');
    const language = widgetLanguageOf(lang, widget);
    void reply.type('text/html; charset=utf-8').send(chatPage(widget, language, originParam(origin), this.assets.urls));
  }

  /** A page embedding a widget the way a site does, for trying it from the gateway itself (the demo). */
  @Get('widget-demo')
  demo(@Query('widget') widget: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const widgetId = typeof widget === 'string' && UUID.test(widget) ? widget : null;
    const origin = publicOriginOf(request.raw, this.config.PUBLIC_URL, this.config.TRUST_PROXY_HOPS > 0);
    void reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(demoHostPage(widgetId, origin, this.assets.urls));
  }

  private sendAsset(reply: FastifyReply, asset: StaticAsset, ifNoneMatch: string | undefined, cacheControl: string) {
    void reply.header('cache-control', cacheControl).header('etag', asset.etag);
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === asset.etag)) {
      void reply.status(304).send();
      return;
    }
    void reply.type(asset.contentType).send(asset.body);
  }
}
