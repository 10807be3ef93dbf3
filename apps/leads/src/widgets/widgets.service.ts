import { Injectable } from '@nestjs/common';
import type { PublicWidgetResponse, UpdateWidgetRequest, WidgetConfigResponse, WidgetProjectRef } from '@app/contracts';
import { AppError } from '@app/errors';
import { ProjectOwnership } from './project-ownership';
import { toPublicWidget, toWidgetConfig } from './widget.dto';
import { checkWorkingHours } from './working-hours';
import { WidgetsRepository } from './widgets.repository';
import type { WidgetRow } from './widgets.repository';

/** One chat widget per project: its look, languages, where it may be embedded, and when a team is in. */
@Injectable()
export class WidgetsService {
  constructor(
    private readonly widgets: WidgetsRepository,
    private readonly projects: ProjectOwnership,
  ) {}

  async get(request: WidgetProjectRef): Promise<WidgetConfigResponse> {
    await this.projects.assertOwned(request.workspace_id, request.project_id);
    return toWidgetConfig(await this.widgets.ensure(request.workspace_id, request.project_id));
  }

  async update(request: UpdateWidgetRequest): Promise<WidgetConfigResponse> {
    checkWorkingHours(request.working_hours);
    await this.projects.assertOwned(request.workspace_id, request.project_id);
    const current = await this.widgets.ensure(request.workspace_id, request.project_id);
    const languages = request.languages ?? current.languages;
    const defaultLanguage =
      request.default_language ??
      (languages.includes(current.default_language) ? current.default_language : languages[0]);
    if (!languages.includes(defaultLanguage))
      throw new AppError('validation_error', 'default_language must be one of languages.', {
        field: 'default_language',
      });
    const updated = await this.widgets.update(current.id, {
      enabled: request.enabled ?? current.enabled,
      greeting_en: request.greeting_en ?? current.greeting_en,
      greeting_ar: request.greeting_ar ?? current.greeting_ar,
      primary_color: (request.primary_color ?? current.primary_color).toLowerCase(),
      languages,
      default_language: defaultLanguage,
      allowed_origins: (request.allowed_origins ?? current.allowed_origins).map((origin) => origin.toLowerCase()),
      working_hours: request.working_hours !== undefined ? request.working_hours : current.working_hours,
    });
    return toWidgetConfig(updated);
  }

  async publicWidget(widgetId: string): Promise<PublicWidgetResponse> {
    return toPublicWidget(await this.enabled(widgetId));
  }

  /** A widget visitors may use: known and enabled; anything else is 404 widget_not_found. */
  async enabled(widgetId: string): Promise<WidgetRow> {
    const widget = await this.widgets.find(widgetId);
    if (!widget || !widget.enabled) throw new AppError('widget_not_found', 'There is no such widget, or it is off.');
    return widget;
  }
}
