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
  if (!can(caller.workspaceRole, rule.permission)) return 403;
  // Projects and their knowledge base are for developer workspaces; these callers' workspace is a broker's.
  return DEVELOPER_ONLY.test(route.path) ? 403 : 'allowed';
}

/** Routes of developer workspaces only (decisions.md): a broker workspace is refused with 403. */
const DEVELOPER_ONLY = /^\/v1\/projects(\/|$)/;

/**
 * The project routes check the workspace's kind in their handler, after the body and query
 * are validated: an empty body answers 422 before the 403 (never a success). The knowledge
 * routes check it in a guard, ahead of validation, so they always answer 403.
 */
function validatedFirst(route: HttpRoute, caller: Caller, status: number): boolean {
  return (
    status === 422 &&
    caller.workspaceRole !== undefined &&
    DEVELOPER_ONLY.test(route.path) &&
    !route.path.includes('/knowledge')
  );
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
      for (const caller of callers) {
        const want = expected(route, caller);
        const call = request(platform.baseUrl)[route.method.toLowerCase() as 'get'](concretePath(route.path));
        const bearer = caller.bearer();
        if (bearer) void call.set('authorization', `Bearer ${bearer}`);
        const res = ['POST', 'PATCH', 'PUT'].includes(route.method) ? await call.send({}) : await call;
        const ok =
          want === 'allowed'
            ? res.status !== 401 && res.status !== 403
            : res.status === want || validatedFirst(route, caller, res.status);
        if (!ok)
          mismatches.push(`${route.method} ${route.path} as ${caller.name}: expected ${want}, got ${res.status}`);
        if (want === 403 && !validatedFirst(route, caller, res.status))
          expect({ route: `${route.method} ${route.path}`, body: res.body as object }).toMatchObject({
            body: { error: 'forbidden', code: 'FORBIDDEN' },
          });
      }
    }
    expect(mismatches).toEqual([]);
  });
});
