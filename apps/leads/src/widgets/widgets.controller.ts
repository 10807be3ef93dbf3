import { Controller } from '@nestjs/common';
import { UpdateWidgetRequest, WidgetProjectRef, WidgetRefRequest, WidgetsRpc } from '@app/contracts';
import type { PublicWidgetResponse, WidgetConfigResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { WidgetsService } from './widgets.service';

@Controller()
export class WidgetsController {
  constructor(private readonly widgets: WidgetsService) {}

  @RpcHandler(WidgetsRpc.config)
  get(@MessageData() request: WidgetProjectRef): Promise<WidgetConfigResponse> {
    return this.widgets.get(request);
  }

  @RpcHandler(WidgetsRpc.updateConfig)
  update(@MessageData() request: UpdateWidgetRequest): Promise<WidgetConfigResponse> {
    return this.widgets.update(request);
  }

  @RpcHandler(WidgetsRpc.publicWidget)
  publicWidget(@MessageData() request: WidgetRefRequest): Promise<PublicWidgetResponse> {
    return this.widgets.publicWidget(request.widget_id);
  }
}
