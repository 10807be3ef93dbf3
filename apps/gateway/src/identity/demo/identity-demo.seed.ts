import { Injectable, Logger } from '@nestjs/common';
import { mintApiKey } from '../api-keys/api-key-format';
import { DEMO_API_KEY_LABEL, DEMO_MEMBERS, DEMO_MODERATOR, DEMO_WORKSPACE_NAME } from './demo-workspace';
import type { DemoCredentials } from './demo-workspace';
import { IdentityDemoRepository } from './identity-demo.repository';
import { WelcomeAllowance } from '../workspaces/welcome-allowance';
import { hashPassword } from '../accounts/passwords';

/**
 * The standalone demo's broker workspace: owner, admin and agent logins and one API key,
 * and a platform moderator login.
 * Idempotent: the first run creates it and returns the credentials (the key's secret exists
 * only in that answer); later runs find it and return null.
 */
@Injectable()
export class IdentityDemoSeed {
  private readonly logger = new Logger(IdentityDemoSeed.name);

  constructor(
    private readonly demo: IdentityDemoRepository,
    private readonly welcome: WelcomeAllowance,
  ) {}

  async run(): Promise<{ credentials: DemoCredentials; workspaceId: string; ownerId: string } | null> {
    const emails = [...DEMO_MEMBERS.map((member) => member.email), DEMO_MODERATOR.email];
    if (await this.demo.isPresent(DEMO_WORKSPACE_NAME, emails)) return null; // skips hashing on every later start
    const members = await Promise.all(
      DEMO_MEMBERS.map(async ({ email, name, password, role }) => ({
        email,
        name,
        role,
        passwordHash: await hashPassword(password),
      })),
    );
    const { secret, prefix, secretHash } = mintApiKey();
    const created = await this.demo.insertUnlessPresent({
      workspaceName: DEMO_WORKSPACE_NAME,
      members,
      moderator: {
        email: DEMO_MODERATOR.email,
        name: DEMO_MODERATOR.name,
        passwordHash: await hashPassword(DEMO_MODERATOR.password),
      },
      apiKey: { label: DEMO_API_KEY_LABEL, prefix, secretHash },
    });
    if (!created) return null;
    await this.welcome.grant(created.workspace, { demo: true }); // the balance is there when the key is printed
    this.logger.log({ workspace: DEMO_WORKSPACE_NAME }, 'Demo workspace created');
    return {
      workspaceId: created.workspace.id,
      ownerId: created.ownerId,
      credentials: {
        api_key: secret,
        logins: [...DEMO_MEMBERS, DEMO_MODERATOR].map(({ email, password, role }) => ({ email, password, role })),
      },
    };
  }
}
