import { IsUUID } from '@app/validation';

/** Any class a request extends (TypeScript's mixin rule asks for exactly `any[]` here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RequestClass = new (...args: any[]) => object;

/**
 * A service's request is its route's body or query (`Base`) plus who asks, as the gateway knows
 * it: written this way, a field added to a body reaches the service with its rules, once.
 */

/** `Base` asked by a member of a workspace (`account_id`). */
export function ForWorkspace<TBase extends RequestClass>(Base: TBase) {
  class WorkspaceRequest extends Base {
    @IsUUID()
    workspace_id: string;

    @IsUUID()
    account_id: string;
  }
  return WorkspaceRequest;
}

/** `Base` asked by a member of the workspace a project belongs to. */
export function ForProject<TBase extends RequestClass>(Base: TBase) {
  class ProjectRequest extends ForWorkspace(Base) {
    @IsUUID()
    project_id: string;
  }
  return ProjectRequest;
}

/** `Base` sent by a widget visitor: their token names one session of one widget. */
export function ForVisitorSession<TBase extends RequestClass>(Base: TBase) {
  class VisitorSessionRequest extends Base {
    @IsUUID()
    widget_id: string;

    @IsUUID()
    session_id: string;
  }
  return VisitorSessionRequest;
}
