import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import type { VisitorSessionRef } from '@app/contracts';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../config/gateway.env';
import { publicOriginOf } from '../oauth/public-origin';
import { VisitorTokensService } from './visitor-tokens.service';

/**
 * Who a visitor is and where they chat from. A token names one session of one widget: asked
 * for any other session it finds nothing (404 session_not_found), never another visitor's chat.
 */
@Injectable()
export class VisitorAccessService {
  private readonly trustProxy: boolean;

  constructor(
    private readonly tokens: VisitorTokensService,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {
    this.trustProxy = config.TRUST_PROXY_HOPS > 0;
  }

  async sessionRef(sessionId: string, token: string | undefined): Promise<VisitorSessionRef> {
    const claims = await this.tokens.verify(token);
    if (!isUUID(sessionId) || claims.sessionId !== sessionId)
      throw new AppError('session_not_found', 'There is no such chat session for this token.');
    return { widget_id: claims.widgetId, session_id: claims.sessionId };
  }

  /**
   * The embedding page's origin: the request's Origin when a browser on that page called us
   * directly; when the caller is the gateway's own iframe page, the origin it was given.
   */
  embeddingOrigin(request: IncomingMessage, bodyOrigin: string | undefined): string | null {
    const header = request.headers.origin;
    const own = publicOriginOf(request, this.config.PUBLIC_URL, this.trustProxy);
    if (header && header !== own) return header;
    if (!bodyOrigin) return null;
    try {
      return new URL(bodyOrigin).origin;
    } catch {
      return bodyOrigin;
    }
  }

  /** The browser's first preferred language tag, for the team's notification. */
  browserLanguage(request: IncomingMessage): string | undefined {
    const tag = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim();
    return tag && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag) && tag.length <= 35 ? tag : undefined;
  }

  sign(widgetId: string, sessionId: string): Promise<string> {
    return this.tokens.sign({ widgetId, sessionId });
  }
}
