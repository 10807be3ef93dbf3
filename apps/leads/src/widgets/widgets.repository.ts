import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Language, WorkingHours } from '@app/contracts';
import { LEADS_DATABASE } from '../database/leads.database';

export interface WidgetRow {
  id: string;
  workspace_id: string;
  project_id: string;
  enabled: boolean;
  greeting_en: string;
  greeting_ar: string;
  primary_color: string;
  languages: Language[];
  default_language: Language;
  allowed_origins: string[];
  working_hours: WorkingHours | null;
  created_at: Date;
  updated_at: Date;
}

export type WidgetSettings = Pick<
  WidgetRow,
  | 'enabled'
  | 'greeting_en'
  | 'greeting_ar'
  | 'primary_color'
  | 'languages'
  | 'default_language'
  | 'allowed_origins'
  | 'working_hours'
>;

@Injectable()
export class WidgetsRepository {
  constructor(@InjectDataSource(LEADS_DATABASE) private readonly dataSource: DataSource) {}

  /** The project's widget, made with the defaults (disabled) the first time it is asked for. */
  async ensure(workspaceId: string, projectId: string): Promise<WidgetRow> {
    const rows = await this.dataSource.query<WidgetRow[]>(
      `WITH made AS (
         INSERT INTO leads.widgets (workspace_id, project_id) VALUES ($1, $2)
         ON CONFLICT (project_id) DO NOTHING RETURNING *)
       SELECT * FROM made UNION ALL SELECT * FROM leads.widgets WHERE project_id = $2 AND workspace_id = $1`,
      [workspaceId, projectId],
    );
    return rows[0];
  }

  async update(id: string, settings: WidgetSettings): Promise<WidgetRow> {
    const rows = await this.dataSource.query<WidgetRow[]>(
      `WITH changed AS (
         UPDATE leads.widgets SET enabled = $2, greeting_en = $3, greeting_ar = $4, primary_color = $5,
                languages = $6, default_language = $7, allowed_origins = $8, working_hours = $9, updated_at = now()
          WHERE id = $1 RETURNING *)
       SELECT * FROM changed`,
      [
        id,
        settings.enabled,
        settings.greeting_en,
        settings.greeting_ar,
        settings.primary_color,
        settings.languages,
        settings.default_language,
        settings.allowed_origins,
        settings.working_hours === null ? null : JSON.stringify(settings.working_hours),
      ],
    );
    return rows[0];
  }

  async find(id: string): Promise<WidgetRow | null> {
    const rows = await this.dataSource.query<WidgetRow[]>(`SELECT * FROM leads.widgets WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }
}
