import { Injectable } from '@nestjs/common';
import { WORKSPACE_ACCOUNT_ROLES } from '@app/contracts';
import type { AccountRole, CreateAccountBody, CreatedAccountResponse } from '@app/contracts';
import { WelcomeAllowance } from '../workspaces/welcome-allowance';
import { AccountLinks } from './account-links';
import type { WorkspaceKind } from '../workspaces/workspace.entity';
import { AccountsRepository } from './accounts.repository';
import type { NewWorkspace } from './accounts.repository';
import { normalizeEmail } from './email';
import { hashPassword } from './passwords';
import { toCreatedAccountResponse } from './account.mapper';

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly welcome: WelcomeAllowance,
    private readonly links: AccountLinks,
  ) {}

  /**
   * Sign-up. Brokers and developers get a workspace they own, created with the account. The
   * address is unverified until the mailed link is used (its event in the same transaction).
   */
  async signUp(dto: CreateAccountBody): Promise<CreatedAccountResponse> {
    const passwordHash = await hashPassword(dto.password);
    const created = await this.accounts.create(
      {
        email: dto.email,
        emailNormalized: normalizeEmail(dto.email),
        passwordHash,
        name: dto.name,
        phone: dto.phone ?? null,
        role: dto.role,
        brokerKind: dto.role === 'broker' ? (dto.broker_kind ?? null) : null,
        language: dto.language ?? 'en',
        emailVerifiedAt: null,
      },
      workspaceFor(dto),
      (tx, account) => this.links.send(tx, account, 'email_verification'),
    );
    if (created.workspace) await this.welcome.grant(created.workspace.workspace);
    return toCreatedAccountResponse(created);
  }
}

function workspaceKindOf(role: AccountRole): WorkspaceKind | null {
  if (!WORKSPACE_ACCOUNT_ROLES.includes(role)) return null;
  return role === 'broker' ? 'broker' : 'developer';
}

function workspaceFor(dto: CreateAccountBody): NewWorkspace | null {
  const kind = workspaceKindOf(dto.role);
  if (!kind) return null;
  return {
    name: dto.workspace_name ?? defaultWorkspaceName(dto.name, dto.language),
    kind,
    brokerKind: kind === 'broker' ? (dto.broker_kind ?? null) : null,
  };
}

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** In the person's language: an Arabic name or `language: ar` gets an Arabic name, not "…'s workspace". */
export function defaultWorkspaceName(name: string, language: string | undefined): string {
  return language === 'ar' || ARABIC_LETTER.test(name) ? `مساحة عمل ${name}` : `${name}'s workspace`;
}
