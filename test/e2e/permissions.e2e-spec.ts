import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PERSON_ONLY_PERMISSIONS, apiKeyRefusal, can } from '@app/contracts';
import type { CredentialKind, WorkspaceRole } from '@app/contracts';
import {
  accessTokenFor,
  createAccount,
  createApiKey,
  createMember,
  createWorkspace,
} from '../harness/identity-fixtures';
import { createModerator } from '../harness/catalogue-fixtures';
import { describeStandalone } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { listHttpRoutes } from '../harness/routes';
import type { HttpRoute } from '../harness/routes';

/** Who knocks: a workspace role, an account without a workspace, an API key, or nobody. */
interface Caller {
  name: string;
  kind: CredentialKind | 'none';
  workspaceRole?: WorkspaceRole;
  /** A platform moderator (staff account). */
  staff?: boolean;
  /** The kind of the caller's workspace. */
  workspaceKind?: 'broker' | 'developer';
  bearer: () => string | undefined;
}

/** What the permission matrix in @app/contracts says this caller gets on this route. */
function expected(route: HttpRoute, caller: Caller): 'allowed' | 401 | 403 | 'api_key_not_allowed' {
  const rule = route.rule;
  if (!rule || rule.public) return 'allowed';
  // A valid key is never 401: it acts as the owner, except where a person is needed (spec 5.3).
  if (caller.kind === 'api_key' && (!rule.credentials.includes('api_key') || apiKeyRefusal(rule.permission))) {
    return 'api_key_not_allowed';
  }
  if (caller.kind === 'none' || !rule.credentials.includes(caller.kind)) return 401;
  if (rule.staff && !caller.staff) return 403;
  if (!rule.permission) return 'allowed';
  if (!can(caller.workspaceRole, rule.permission)) return 403;
  // A broker workspace is refused the developer suite.
  if (DEVELOPER_ONLY.test(route.path) && caller.workspaceKind !== 'developer') return 403;
  return 'allowed';
}

/** Developer workspaces' routes (decisions.md): projects with their widget and knowledge base, and the inbox. */
const DEVELOPER_ONLY = /^\/v1\/(projects|workspace\/conversations)(\/|$)/;
const BROKER_ONLY = /^\/v1\/workspace\/(api-keys|verification)(\/|$)/;

function concretePath(path: string): string {
  return path.replace(/:[A-Za-z_]+/g, () => randomUUID());
}

/**
 * Every protected route of the platform against every kind of caller, expectations taken
 * from the one permission matrix. "allowed" means the guard let the call through: the
 * service may still answer 404 (random ids) or 422 (empty body), never 401 or 403.
 */
describeStandalone('permission matrix', () => {
  let platform: Platform;
  let callers: Caller[];
  let routes: HttpRoute[];

  beforeAll(async () => {
    platform = await startPlatform({ env: { AUTH_RATE_LIMIT: '10000' } });
    const workspace = await createWorkspace(platform, { kind: 'broker', brokerKind: 'company' });
    const members = Object.fromEntries(
      await Promise.all(
        (['owner', 'admin', 'agent'] as const).map(async (role) => [
          role,
          await createMember(platform, { workspaceId: workspace.id, role }),
        ]),
      ),
    ) as Record<WorkspaceRole, Awaited<ReturnType<typeof createMember>>>;
    const buyer = await createAccount(platform, { accountRole: 'buyer' });
    const apiKey = await createApiKey(platform, workspace.id, members.owner.accountId);
    const moderator = await createModerator(platform);
    const developerWorkspace = await createWorkspace(platform, { kind: 'developer' });
    const developers = Object.fromEntries(
      await Promise.all(
        (['owner', 'agent'] as const).map(async (role) => [
          role,
          await createMember(platform, { workspaceId: developerWorkspace.id, role }),
        ]),
      ),
    ) as Record<'owner' | 'agent', Awaited<ReturnType<typeof createMember>>>;
    callers = [
      { name: 'nobody', kind: 'none', bearer: () => undefined },
      ...(['owner', 'admin', 'agent'] as const).map((role) => ({
        name: role,
        kind: 'user' as const,
        workspaceRole: role,
        workspaceKind: 'broker' as const,
        bearer: () => accessTokenFor(members[role].accountId), // a fresh session each call: logout ends only its own
      })),
      ...(['owner', 'agent'] as const).map((role) => ({
        name: `developer ${role}`,
        kind: 'user' as const,
        workspaceRole: role,
        workspaceKind: 'developer' as const,
        bearer: () => accessTokenFor(developers[role].accountId),
      })),

      { name: 'buyer (no workspace)', kind: 'user', bearer: () => accessTokenFor(buyer.accountId) },
      { name: 'API key', kind: 'api_key', workspaceRole: 'owner', workspaceKind: 'broker', bearer: () => apiKey },
      { name: 'moderator', kind: 'user', staff: true, bearer: () => accessTokenFor(moderator.accountId) },
    ];
    routes = listHttpRoutes(platform.app!).filter((route) => route.rule && !route.rule.public);
  });

  afterAll(() => platform?.close());

  it('should cover the protected routes of identity, team and keys', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /v1/me',
        'GET /v1/workspace/members',
        'POST /v1/workspace/invitations',
        'POST /v1/workspace/ownership-transfer',
        'POST /v1/workspace/api-keys',
        'DELETE /v1/workspace/api-keys/:id',
        'GET /v1/projects',
        'POST /v1/projects',
        'PATCH /v1/projects/:id',
        'DELETE /v1/projects/:id',
        'POST /v1/projects/:id/units',
        'PATCH /v1/projects/:id/units/:unit_id',
        'POST /v1/projects/:id/units/:unit_id/listing',
      ]),
    );
  });

  it('should let an API key act as the owner on every workspace route except those that need a person', () => {
    const workspaceRoutes = routes.filter((route) => !route.rule?.public && route.rule?.permission);
    const refusedToKeys = workspaceRoutes
      .filter((route) => !route.rule?.public && !route.rule?.credentials.includes('api_key'))
      .filter((route) => !route.rule?.public && !apiKeyRefusal(route.rule?.permission))
      .map((route) => `${route.method} ${route.path}`);
    expect(refusedToKeys).toEqual([]);
    const personOnly = workspaceRoutes
      .filter((route) => !route.rule?.public && apiKeyRefusal(route.rule?.permission))
      .map((route) => `${route.method} ${route.path}`);
    expect(personOnly.sort()).toEqual(
      [
        'POST /v1/workspace/api-keys',
        'POST /v1/workspace/api-keys/:id/rotate',
        'DELETE /v1/workspace/api-keys/:id',
        'POST /v1/workspace/ownership-transfer',
        'DELETE /v1/workspace',
      ].sort(),
    );
    expect(Object.keys(PERSON_ONLY_PERMISSIONS).sort()).toEqual([
      'api_keys:manage',
      'ownership:transfer',
      'workspace:delete',
    ]);
  });

  it('should answer every caller on every protected route as the permission matrix says', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const caller of callers) {
        // API keys and verification are broker workspaces' (their own tests check a developer's 403).
        if (caller.workspaceKind === 'developer' && BROKER_ONLY.test(route.path)) continue;
        const want = expected(route, caller);
        const call = request(platform.baseUrl)[route.method.toLowerCase() as 'get'](concretePath(route.path));
        const bearer = caller.bearer();
        if (bearer) void call.set('authorization', `Bearer ${bearer}`);
        const res = ['POST', 'PATCH', 'PUT'].includes(route.method) ? await call.send({}) : await call;
        const ok =
          want === 'allowed'
            ? res.status !== 401 && res.status !== 403
            : want === 'api_key_not_allowed'
              ? res.status === 403 && res.body.error === want
              : res.status === want;
        if (!ok)
          mismatches.push(`${route.method} ${route.path} as ${caller.name}: expected ${want}, got ${res.status}`);
        if (want === 403) expect(res.body).toMatchObject({ error: 'forbidden', code: 'FORBIDDEN' });
        if (want === 'api_key_not_allowed') {
          const permission = route.rule && !route.rule.public ? route.rule.permission : undefined;
          expect(res.body.message).toEqual(
            apiKeyRefusal(permission) ?? expect.stringContaining("person's own account"),
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
