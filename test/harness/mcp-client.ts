import type { INestApplicationContext } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Principal } from '@app/contracts';
import type { McpServerFactory } from '../../apps/gateway/src/mcp/mcp-server.factory';
import type { AccountFixture, MemberFixture } from './identity-fixtures';
import { TestOAuthClient, authorizeMcpClient } from './oauth-client';
import { e2eMode } from './mode';
import type { Platform } from './platform';

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/**
 * The gateway's MCP server factory on the platform under test: the standalone app's own, or
 * (distributed) a gateway built in this process on the run's database and NATS namespace, as a
 * replica would be.
 */
export async function mcpFactoryOf(platform: Platform): Promise<{ factory: McpServerFactory; close(): Promise<void> }> {
  // Loaded here, not at the top: most files that import this module only connect over OAuth.
  const { McpServerFactory } = await import('../../apps/gateway/src/mcp/mcp-server.factory');
  if (platform.app) return { factory: platform.app.get(McpServerFactory), close: () => Promise.resolve() };
  if (e2eMode === 'standalone')
    throw new Error('A standalone platform in another process: start this file’s with sharedPlatformWithMcp');
  const [{ Module }, { NestFactory }, { loadEnv }, { PlatformModule, distributedDatabase, runtimeOptionsFrom }] =
    await Promise.all([import('@nestjs/common'), import('@nestjs/core'), import('@app/config'), import('@app/platform')]);
  const [{ GatewayEnv }, { GatewayModule }] = await Promise.all([
    import('../../apps/gateway/src/config/gateway.env'),
    import('../../apps/gateway/src/gateway.module'),
  ]);
  Object.assign(process.env, platform.env, { LOG_LEVEL: 'error' });
  const env = loadEnv(GatewayEnv);

  @Module({
    imports: [
      PlatformModule.forRoot({
        runtime: runtimeOptionsFrom(env, 'distributed', 'gateway'),
        database: distributedDatabase(env, 'gateway'),
        logLevel: 'error',
      }),
      GatewayModule,
    ],
  })
  class McpGatewayModule {}

  const context: INestApplicationContext = await NestFactory.createApplicationContext(McpGatewayModule, {
    logger: ['error'],
  });
  return { factory: context.get(McpServerFactory), close: () => context.close() };
}

/** The principal the gateway establishes for this account's access token. */
export function principalOf(account: AccountFixture | MemberFixture): UserPrincipal {
  return {
    kind: 'user',
    accountId: account.accountId,
    accountRole: account.accountRole,
    ...('workspaceId' in account ? { workspaceId: account.workspaceId, workspaceRole: account.role } : {}),
  };
}

/** The SDK's own client, connected to a server made for `principal` over a linked in-memory pair. */
export async function mcpClient(factory: McpServerFactory, principal: UserPrincipal): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await factory.create(principal).connect(serverSide);
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/**
 * The SDK's own client as an assistant connects it: over Streamable HTTP to the gateway's /mcp,
 * through the whole OAuth flow (discovery, dynamic registration, PKCE, the user's login and
 * consent, the token exchange) for `login`. The tools are listed once, so the SDK client then
 * checks every call's result against the tool's output schema.
 */
export async function mcpClientOverOAuth(
  gatewayUrl: string,
  login: { email: string; password: string },
  name = 'Test assistant',
): Promise<Client> {
  const oauth = await authorizeMcpClient(gatewayUrl, login, new TestOAuthClient(name));
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${gatewayUrl}/mcp`), { authProvider: oauth }));
  await client.listTools();
  return client;
}
