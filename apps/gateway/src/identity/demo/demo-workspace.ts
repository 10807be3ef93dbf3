import type { WorkspaceRole } from '@app/contracts';

/**
 * The standalone demo's broker workspace. These passwords are public (README): the demo
 * runs on a developer's machine only; DEMO_SEED=false leaves it out.
 */
export const DEMO_WORKSPACE_NAME = 'Demo Realty — عقارات تجريبية';

export const DEMO_API_KEY_LABEL = 'Demo key';

export interface DemoLogin {
  email: string;
  password: string;
  /** A workspace role, or `moderator` for the platform moderator (a staff account in no workspace). */
  role: WorkspaceRole | 'moderator';
}

export const DEMO_MEMBERS: readonly (DemoLogin & { name: string; role: WorkspaceRole })[] = [
  { email: 'demo.owner@example.com', password: 'demo-owner-pass-2025', role: 'owner', name: 'Demo Owner' },
  { email: 'demo.admin@example.com', password: 'demo-admin-pass-2025', role: 'admin', name: 'Demo Admin' },
  { email: 'demo.agent@example.com', password: 'demo-agent-pass-2025', role: 'agent', name: 'Demo Agent' },
];

/** The demo owner's phone: the broker phone a buyer reveals on the demo listings (a reserved test range). */
export const DEMO_OWNER_PHONE = '+966500000001';

/** The demo's platform moderator: reviews listings in the moderation queue. */
export const DEMO_MODERATOR = {
  email: 'demo.moderator@example.com',
  password: 'demo-moderator-pass-2025',
  role: 'moderator',
  name: 'Demo Moderator',
} as const satisfies DemoLogin & { name: string };

/** What the seed hands back the one time it creates the workspace; the key cannot be shown again. */
export interface DemoCredentials {
  api_key: string;
  logins: DemoLogin[];
  /** The developer demo's chat widget (standalone prints its /widget-demo link). */
  widget_id?: string;
}
