import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { can } from '@app/contracts';
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
  bearer: () => string | undefined;
}

/** What the permission matrix in @app/contracts says this caller gets on this route. */
function expected(route: HttpRoute, caller: Caller): 'allowed' | 401 | 403 {
  const rule = route.rule;
  if (!rule || rule.public) return 'allowed';
  if (caller.kind === 'none' || !rule.credentials.includes(caller.kind)) return 401;
  if (rule.staff && !caller.staff) return 403;
  if (!rule.permission) return 'allowed';
  return can(caller.workspaceRole, rule.permission) ? 'allowed' : 403;
}

/**
 * Routes for developer workspaces only (decisions.md): projects with their widget and knowledge
 * base, and the widget's inbox. A broker workspace's caller the matrix allows is refused 403 there;
 * a developer workspace's callers are held to the matrix.
 */
const DEVELOPER_ONLY = [/^\/v1\/projects(\/|$)/, /^\/v1\/workspace\/conversations(\/|$)/];
const developerOnly = (route: HttpRoute) => DEVELOPER_ONLY.some((pattern) => pattern.test(route.path));

/** Whether the route asks for a workspace permission (developer-only routes all do, or take a user). */
function rule(route: HttpRoute): boolean {
  return Boolean(route.rule && !route.rule.public);
}

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
  let developerCallers: Caller[];
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
    callers = [
      { name: 'nobody', kind: 'none', bearer: () => undefined },
      ...(['owner', 'admin', 'agent'] as const).map((role) => ({
        name: role,
        kind: 'user' as const,
        workspaceRole: role,
        bearer: () => accessTokenFor(members[role].accountId), // a fresh session each call: logout ends only its own
      })),
      { name: 'buyer (no workspace)', kind: 'user', bearer: () => accessTokenFor(buyer.accountId) },
      { name: 'API key', kind: 'api_key', workspaceRole: 'owner', bearer: () => apiKey },
      { name: 'moderator', kind: 'user', staff: true, bearer: () => accessTokenFor(moderator.accountId) },
    ];
    const developer = await createWorkspace(platform, { kind: 'developer' });
    const developers = Object.fromEntries(
      await Promise.all(
        (['owner', 'admin', 'agent'] as const).map(async (role) => [
          role,
          await createMember(platform, { workspaceId: developer.id, role }),
        ]),
      ),
    ) as Record<WorkspaceRole, Awaited<ReturnType<typeof createMember>>>;
    const developerKey = await createApiKey(platform, developer.id, developers.owner.accountId);
    developerCallers = [
      ...(['owner', 'admin', 'agent'] as const).map((role) => ({
        name: `developer ${role}`,
        kind: 'user' as const,
        workspaceRole: role,
        bearer: () => accessTokenFor(developers[role].accountId),
      })),
      { name: 'developer API key', kind: 'api_key', workspaceRole: 'owner', bearer: () => developerKey },
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
      ]),
    );
  });

  it('should answer every caller on every protected route as the permission matrix says', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const caller of developerOnly(route) ? [...callers, ...developerCallers] : callers) {
        const matrix = expected(route, caller);
        const brokerSide = developerOnly(route) && !caller.name.startsWith('developer');
        const want = brokerSide && matrix === 'allowed' && caller.kind !== 'none' && rule(route) ? 403 : matrix;
        const call = request(platform.baseUrl)[route.method.toLowerCase() as 'get'](concretePath(route.path));
        const bearer = caller.bearer();
        if (bearer) void call.set('authorization', `Bearer ${bearer}`);
        const res = ['POST', 'PATCH', 'PUT'].includes(route.method) ? await call.send({}) : await call;
        // A broker workspace is refused there: 403, or on other engineers' routes first what the request lacks
        // (422, 415: checked before the workspace's kind) or 404 (an API key's workspace owns no project).
        const refusedByKind =
          brokerSide &&
          want === 403 &&
          matrix === 'allowed' &&
          res.status >= 400 &&
          res.status < 500 &&
          res.status !== 401;
        const ok = want === 'allowed' ? res.status !== 401 && res.status !== 403 : res.status === want || refusedByKind;
        if (!ok)
          mismatches.push(`${route.method} ${route.path} as ${caller.name}: expected ${want}, got ${res.status}`);
        if (want === 403 && res.status === 403)
          expect(res.body).toMatchObject({ error: 'forbidden', code: 'FORBIDDEN' });
      }
    }
    expect(mismatches).toEqual([]);
  });
});
