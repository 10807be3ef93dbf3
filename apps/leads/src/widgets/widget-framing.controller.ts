import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LEADS_WIDGET_FRAMING_PATTERN, WidgetRefRequest } from '@app/contracts';
import type { WidgetFramingResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { toPublicWidget } from './widget.dto';
import { WidgetsService } from './widgets.service';

/** For the gateway's chat page: an enabled widget with the origins that may frame it. */
@Controller()
export class WidgetFramingController {
  constructor(private readonly widgets: WidgetsService) {}

  @MessagePattern(LEADS_WIDGET_FRAMING_PATTERN)
  async framing(@MessageData() request: WidgetRefRequest): Promise<WidgetFramingResponse> {
    const widget = await this.widgets.enabled(request.widget_id);
    return { ...toPublicWidget(widget), allowed_origins: widget.allowed_origins };
  }
}
