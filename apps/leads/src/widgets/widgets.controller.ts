import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  LEADS_WIDGET_CONFIG_GET_PATTERN,
  LEADS_WIDGET_CONFIG_UPDATE_PATTERN,
  LEADS_WIDGET_PUBLIC_PATTERN,
  UpdateWidgetRequest,
  WidgetProjectRef,
  WidgetRefRequest,
} from '@app/contracts';
import type { PublicWidgetResponse, WidgetConfigResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { WidgetsService } from './widgets.service';

@Controller()
export class WidgetsController {
  constructor(private readonly widgets: WidgetsService) {}

  @MessagePattern(LEADS_WIDGET_CONFIG_GET_PATTERN)
  get(@MessageData() request: WidgetProjectRef): Promise<WidgetConfigResponse> {
    return this.widgets.get(request);
  }

  @MessagePattern(LEADS_WIDGET_CONFIG_UPDATE_PATTERN)
  update(@MessageData() request: UpdateWidgetRequest): Promise<WidgetConfigResponse> {
    return this.widgets.update(request);
  }

  @MessagePattern(LEADS_WIDGET_PUBLIC_PATTERN)
  publicWidget(@MessageData() request: WidgetRefRequest): Promise<PublicWidgetResponse> {
    return this.widgets.publicWidget(request.widget_id);
  }
}
