import { Injectable } from '@nestjs/common';
import { WidgetsRpc } from '@app/contracts';
import type { WidgetFramingResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';

/** What the page needs of a widget: its public settings and the origins allowed to frame it. */
export type WidgetPageConfig = WidgetFramingResponse;

/** The widget from the leads service, or null for an unknown or disabled one (the page's 404). */
@Injectable()
export class WidgetPageConfigSource {
  constructor(private readonly rpc: RpcClient) {}

  async find(widgetId: string): Promise<WidgetPageConfig | null> {
    try {
      return await this.rpc.call(WidgetsRpc.framing, {
        widget_id: widgetId,
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }
}
