import { ApiProperty } from '@nestjs/swagger';
import { AccountDto, AccountWorkspaceDto, toAccountDto, toAccountWorkspaceDto } from '../accounts/account.dto';
import type { AccountWithWorkspace } from '../accounts/account.dto';

export class MeDto {
  @ApiProperty({ enum: ['me'] })
  object: 'me';

  @ApiProperty({ type: AccountDto })
  account: AccountDto;

  @ApiProperty({
    type: [String],
    example: ['broker'],
    description: "The account's role; `moderator` for platform staff",
  })
  roles: string[];

  @ApiProperty({ type: AccountWorkspaceDto, nullable: true })
  workspace: AccountWorkspaceDto | null;
}

export function toMeDto({ account, workspace }: AccountWithWorkspace): MeDto {
  return {
    object: 'me',
    account: toAccountDto(account),
    roles: account.isStaff ? [account.role, 'moderator'] : [account.role],
    workspace: toAccountWorkspaceDto(workspace),
  };
}
