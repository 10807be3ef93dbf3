import { Module } from '@nestjs/common';

/** Team: members, invitations, roles, ownership. */
@Module({})
export class WorkspacesModule {}
