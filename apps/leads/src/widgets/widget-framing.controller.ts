import { Controller } from '@nestjs/common';
import { WidgetRefRequest, WidgetsRpc } from '@app/contracts';
import type { WidgetFramingResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { toPublicWidget } from './widget.dto';
import { WidgetsService } from './widgets.service';

/** For the gateway's chat page: an enabled widget with the origins that may frame it. */
@Controller()
export class WidgetFramingController {
  constructor(private readonly widgets: WidgetsService) {}

  @RpcHandler(WidgetsRpc.framing)
  async framing(@MessageData() request: WidgetRefRequest): Promise<WidgetFramingResponse> {
    const widget = await this.widgets.enabled(request.widget_id);
    return { ...toPublicWidget(widget), allowed_origins: widget.allowed_origins };
  }
}
