import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { publishedListing } from '../harness/catalogue-fixtures';
import { createMember, createWorkspace } from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { FAST_MAIL_ENV, mailedAcceptToken } from '../harness/invitation-mail';
import { mcpClientOverOAuth } from '../harness/mcp-client';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startSmtpSink } from '../harness/smtp-sink';
import type { SmtpSink } from '../harness/smtp-sink';

/**
 * MCP tools follow the workspace role, not the account's sign-up role (issue 25 point 9): a buyer
 * who signed up on their own, then accepted an invitation, gets the tools of its workspace role,
 * exactly as its REST calls get the routes, and loses them when removed. The invitation arrives
 * by e-mail, so this file runs its own platform with an SMTP sink.
 */

const PASSWORD = 'a-long-buyer-password';

interface SignedUp {
  accountId: string;
  email: string;
  password: string;
}

describeE2e('MCP tools follow the workspace role of an invited existing account', () => {
  let platform: Platform;
  let smtp: SmtpSink;
  let owner: MemberFixture;
  let listingId: string;
  const clients: Client[] = [];

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    platform = await startPlatform({ env: { ...FAST_MAIL_ENV, SMTP_URL: smtp.url } });
    owner = await createMember(platform, { role: 'owner' });
    listingId = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await platform?.close();
    await smtp?.close();
  });

  /** A buyer signs up through the API, as a person does. */
  async function signUpBuyer(name: string): Promise<SignedUp> {
    const email = `buyer-${randomBytes(4).toString('hex')}@example.test`;
    const res = await api().post('/v1/accounts').send({ email, password: PASSWORD, name, role: 'buyer' }).expect(201);
    return { accountId: (res.body as { id: string }).id, email, password: PASSWORD };
  }

  /** The member invites the e-mail; the invitee accepts with the token from the mail and its own password. */
  async function inviteAndAccept(by: MemberFixture, invitee: SignedUp, role: 'admin' | 'agent'): Promise<void> {
    await api().post('/v1/workspace/invitations').set(as(by.token)).send({ email: invitee.email, role }).expect(201);
    const token = await mailedAcceptToken(smtp, invitee.email);
    const accepted = await api().post('/v1/invitations/accept').send({ token, password: invitee.password }).expect(200);
    expect(accepted.body).toMatchObject({ id: invitee.accountId, role });
  }

  /** The REST access token the person gets by logging in. */
  async function restToken(person: SignedUp): Promise<string> {
    const res = await api().post('/v1/auth/login').send({ email: person.email, password: person.password }).expect(200);
    return (res.body as { access_token: string }).access_token;
  }

  async function connect(login: { email: string; password: string }): Promise<Client> {
    const client = await mcpClientOverOAuth(platform.gatewayUrl, login);
    clients.push(client);
    return client;
  }

  const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();

  async function result<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
    const answer = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (answer.isError) throw new Error(`${name} failed: ${JSON.stringify(answer.content)}`);
    return answer.structuredContent as T;
  }

  /** A tool the caller may not use is refused as an unknown one (JSON-RPC -32602). */
  async function expectHidden(client: Client, name: string): Promise<void> {
    const refused = await client.callTool({ name, arguments: {} }).then(
      () => null,
      (error: unknown) => error,
    );
    expect({ name, refused }).toEqual({
      name,
      refused: expect.objectContaining({ code: -32602, message: expect.stringContaining(`Tool ${name} not found`) }),
    });
  }

  it("should give a buyer invited as agent the agent's tools, as REST does, and take them away on removal", async () => {
    const buyer = await signUpBuyer('ريم المشترية');
    const client = await connect(buyer);
    const buyerTools = await toolNames(client);
    expect(buyerTools.filter((name) => /^(broker|workspace|developer)_/.test(name))).toEqual([]);
    await expectHidden(client, 'broker_list_properties');

    await inviteAndAccept(owner, buyer, 'agent');
    const rest = await restToken(buyer);
    // The same connection, the same token: the role is read on every request.
    const nativeAgent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
    const agentTools = await toolNames(await connect(nativeAgent));
    expect(await toolNames(client)).toEqual(agentTools);
    expect(agentTools).toEqual(expect.arrayContaining(['broker_list_properties', 'broker_update_booking_status']));
    expect(agentTools).not.toContain('workspace_list_members');

    await expect(result(client, 'whoami')).resolves.toMatchObject({
      account_id: buyer.accountId,
      account_role: 'buyer',
      workspace_id: owner.workspaceId,
      workspace_role: 'agent',
    });
    const listings = await result<{ data: { id: string }[] }>(client, 'broker_list_properties');
    expect(listings.data.map((listing) => listing.id)).toEqual([listingId]);
    const restListings = await api().get('/v1/listings').set(as(rest)).expect(200);
    expect(restListings.body).toEqual(listings);
    await expectHidden(client, 'workspace_list_members');
    await api().get('/v1/workspace/members').set(as(rest)).expect(403);

    await api().delete(`/v1/workspace/members/${buyer.accountId}`).set(as(owner.token)).expect(204);
    expect(await toolNames(client)).toEqual(buyerTools);
    await expectHidden(client, 'broker_list_properties');
    await api().get('/v1/listings').set(as(rest)).expect(403);
  });

  it("should give a buyer invited as admin the admin's tools, team management included", async () => {
    const buyer = await signUpBuyer('Omar Buyer');
    await inviteAndAccept(owner, buyer, 'admin');
    const client = await connect(buyer);
    const nativeAdmin = await createMember(platform, { role: 'admin', workspaceId: owner.workspaceId });
    expect(await toolNames(client)).toEqual(await toolNames(await connect(nativeAdmin)));

    const members = await result<{ data: { id: string; role: string }[] }>(client, 'workspace_list_members');
    expect(members.data).toContainEqual(expect.objectContaining({ id: buyer.accountId, role: 'admin' }));
    const restMembers = await api()
      .get('/v1/workspace/members')
      .set(as(await restToken(buyer)))
      .expect(200);
    expect(restMembers.body).toEqual(members);
    await expect(result(client, 'workspace_get_credit_balance')).resolves.toMatchObject({ decisions: 0 });
  });

  it('should give a buyer invited into a developer workspace the developer tools of its role, not the broker ones', async () => {
    const developerWorkspace = await createWorkspace(platform, { kind: 'developer' });
    const developerOwner = await createMember(platform, { role: 'owner', workspaceId: developerWorkspace.id });
    const buyer = await signUpBuyer('Lina Buyer');
    await inviteAndAccept(developerOwner, buyer, 'agent');
    const client = await connect(buyer);
    const tools = await toolNames(client);
    expect(tools).toEqual(expect.arrayContaining(['developer_list_projects', 'developer_list_conversations']));
    expect(tools.filter((name) => /^(broker|workspace)_|^developer_update_widget_config$/.test(name))).toEqual([]);
    const projects = await result(client, 'developer_list_projects');
    const restProjects = await api()
      .get('/v1/projects')
      .set(as(await restToken(buyer)))
      .expect(200);
    expect(restProjects.body).toEqual(projects);
    await expectHidden(client, 'developer_update_widget_config');
  });
});
