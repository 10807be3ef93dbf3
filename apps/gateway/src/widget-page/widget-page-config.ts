import { Injectable } from '@nestjs/common';
import { AppError } from '@app/errors';

/** What the page needs of a widget's configuration, its allowed origins included (never sent to visitors). */
export interface WidgetPageConfig {
  id: string;
  greeting_en: string;
  greeting_ar: string;
  primary_color: string;
  languages: ('ar' | 'en')[];
  default_language: 'ar' | 'en';
  open_now: boolean;
  allowed_origins: string[];
}

/** The widget's configuration from the leads service, or null for an unknown or disabled widget. */
@Injectable()
export class WidgetPageConfigSource {
  async find(widgetId: string): Promise<WidgetPageConfig | null> {
    try {
      return await this.fetch(widgetId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  // Wired to the leads service's widget RPC when branch `conv` lands.
  private fetch(_widgetId: string): Promise<WidgetPageConfig> {
    return Promise.reject(new AppError('not_found', 'No widget.'));
  }
}
