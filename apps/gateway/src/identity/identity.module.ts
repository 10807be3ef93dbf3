import { Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { AccountsModule } from './accounts/accounts.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuthModule } from './auth/auth.module';
import { ConnectedAppsModule } from './connected-apps/connected-apps.module';
import { DemoModule } from './demo/demo.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { RecipientsModule } from './recipients/recipients.module';
import { WorkspacesModule } from './workspaces/workspaces.module';

/** Accounts, workspaces, roles, tokens and API keys: the gateway's own domain (schema `identity`). */
@Module({
  imports: [
    AccessModule,
    AccountsModule,
    AuthModule,
    ConnectedAppsModule,
    WorkspacesModule,
    ApiKeysModule,
    DemoModule,
    RecipientsModule,
    LifecycleModule,
  ],
})
export class IdentityModule {}
