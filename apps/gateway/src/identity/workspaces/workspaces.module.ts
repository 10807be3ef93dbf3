import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { AccountsModule } from '../accounts/accounts.module';
import { Invitation } from './invitation.entity';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';
import { Membership } from './membership.entity';
import { Workspace } from './workspace.entity';
import { WorkspacesController } from './workspaces.controller';
import { WorkspacesRepository } from './workspaces.repository';
import { WorkspacesService } from './workspaces.service';

/** Team: members, invitations, roles, ownership; workspace settings and deletion. */
@Module({
  imports: [TypeOrmModule.forFeature([Workspace, Membership, Invitation], IDENTITY_DATABASE), AccountsModule],
  controllers: [WorkspacesController, InvitationsController],
  providers: [WorkspacesService, WorkspacesRepository, InvitationsService, InvitationsRepository],
  exports: [WorkspacesService, InvitationsService],
})
export class WorkspacesModule {}
