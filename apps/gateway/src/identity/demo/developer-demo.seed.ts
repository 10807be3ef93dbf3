import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Outbox } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { Account } from '../accounts/account.entity';
import { hashPassword } from '../accounts/passwords';
import { Membership } from '../workspaces/membership.entity';
import { recordWorkspaceCreated } from '../workspaces/workspace-events';
import { Workspace } from '../workspaces/workspace.entity';
import type { DemoLogin } from './demo-workspace';

/**
 * The standalone demo's developer workspace: a real-estate developer with a project, its chat
 * widget and knowledge base (seeded by the catalogue and leads services' developer demos).
 * The password is public (README), like the broker demo's.
 */
export const DEMO_DEVELOPER_WORKSPACE_NAME = 'Demo Developments — تطوير تجريبي';

export const DEMO_DEVELOPER = {
  email: 'demo.developer@example.com',
  password: 'demo-developer-pass-2025',
  role: 'owner',
  name: 'Demo Developer — مطور تجريبي',
} as const satisfies DemoLogin & { name: string };

/** Serialises concurrent seeds (two standalone starts on one database). */
const SEED_LOCK = 'identity-developer-demo-seed';

/**
 * Creates the developer workspace and its owner once; later runs (the workspace or the e-mail
 * exists) return null. Independent of the broker demo, so a data directory made before the
 * developer suite gains it on its next start.
 */
@Injectable()
export class DeveloperDemoSeed {
  private readonly logger = new Logger(DeveloperDemoSeed.name);

  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async run(): Promise<{ workspaceId: string; ownerId: string; login: DemoLogin } | null> {
    if (await this.isPresent()) return null; // skips hashing on every later start
    const passwordHash = await hashPassword(DEMO_DEVELOPER.password);
    const created = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SEED_LOCK]);
      if (await this.isPresent(manager)) return null;
      const workspace = await manager.save(
        manager.create(Workspace, { name: DEMO_DEVELOPER_WORKSPACE_NAME, kind: 'developer', brokerKind: null }),
      );
      await recordWorkspaceCreated(this.outbox, manager, workspace, { demo: true });
      const owner = await manager.save(
        manager.create(Account, {
          email: DEMO_DEVELOPER.email,
          emailNormalized: DEMO_DEVELOPER.email.toLowerCase(),
          passwordHash,
          name: DEMO_DEVELOPER.name,
          phone: null,
          role: 'developer',
          brokerKind: null,
          language: 'ar',
          isStaff: false,
          emailVerifiedAt: new Date(), // the demo is ready to publish and invite
        }),
      );
      await manager.save(manager.create(Membership, { workspaceId: workspace.id, accountId: owner.id, role: 'owner' }));
      return { workspaceId: workspace.id, ownerId: owner.id };
    });
    if (!created) return null;
    this.logger.log({ workspace: DEMO_DEVELOPER_WORKSPACE_NAME }, 'Demo developer workspace created');
    const { email, password, role } = DEMO_DEVELOPER;
    return { ...created, login: { email, password, role } };
  }

  private async isPresent(manager = this.dataSource.manager): Promise<boolean> {
    const [{ present }] = await manager.query<{ present: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM identity.workspaces WHERE name = $1 AND kind = 'developer')
           OR EXISTS (SELECT 1 FROM identity.accounts WHERE email_normalized = $2) AS present`,
      [DEMO_DEVELOPER_WORKSPACE_NAME, DEMO_DEVELOPER.email.toLowerCase()],
    );
    return present;
  }
}
