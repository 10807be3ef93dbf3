import type { PublicWidgetResponse } from './conversations-responses.contract';

export interface WidgetFramingResponse extends PublicWidgetResponse {
  allowed_origins: string[];
}
