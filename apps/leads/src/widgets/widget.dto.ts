import type { PublicWidgetResponse, WidgetConfigResponse } from '@app/contracts';
import { isOpenNow } from './working-hours';
import type { WidgetRow } from './widgets.repository';

export function toPublicWidget(row: WidgetRow, now: Date = new Date()): PublicWidgetResponse {
  return {
    id: row.id,
    project_id: row.project_id,
    greeting_en: row.greeting_en,
    greeting_ar: row.greeting_ar,
    primary_color: row.primary_color,
    languages: row.languages,
    default_language: row.default_language,
    open_now: isOpenNow(row.working_hours, now),
    working_hours: row.working_hours,
  };
}

export function toWidgetConfig(row: WidgetRow): WidgetConfigResponse {
  return {
    ...toPublicWidget(row),
    enabled: row.enabled,
    allowed_origins: row.allowed_origins,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
