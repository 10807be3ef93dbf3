import type { PublicWidgetResponse } from './conversations.contract';

export interface WidgetFramingResponse extends PublicWidgetResponse {
  allowed_origins: string[];
}
