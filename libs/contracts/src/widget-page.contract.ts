import type { PublicWidgetResponse } from './conversations-responses.contract';

/**
 * The gateway's chat page asks the leads service for a widget by id, with the origins allowed
 * to frame it (its CSP frame-ancestors). Unknown or disabled: `widget_not_found` (404).
 * Request: `WidgetRefRequest`. The origins never reach visitors: the page only puts them in a header.
 */
export const LEADS_WIDGET_FRAMING_PATTERN = 'rpc.leads.widgets.framing.v1';

export interface WidgetFramingResponse extends PublicWidgetResponse {
  allowed_origins: string[];
}
