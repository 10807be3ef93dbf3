import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { AccountsModule } from '../accounts/accounts.module';
import { DeveloperWorkspaces } from '../workspaces/developer-workspaces';
import { Workspace } from '../workspaces/workspace.entity';
import { IdentityDirectory } from './identity-directory';

/** Identity's read API for the other gateway features: who a principal is, what kind its workspace is. */
@Module({
  imports: [AccountsModule, TypeOrmModule.forFeature([Workspace], IDENTITY_DATABASE)],
  providers: [IdentityDirectory, DeveloperWorkspaces],
  exports: [IdentityDirectory, DeveloperWorkspaces],
})
export class IdentityDirectoryModule {}
