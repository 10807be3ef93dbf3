import { isUUID } from 'class-validator';
import { apiKeyRefusal, can } from '@app/contracts';
import type { Permission, Principal, WorkspaceRole } from '@app/contracts';
import { AppError } from '@app/errors';

export const INVITATION_TTL_DAYS = 7;
export const MIN_PASSWORD_LENGTH = 10;

/** The caller's workspace, once the caller is known to hold the permission there. */
export interface WorkspaceActor {
  workspaceId: string;
  role: WorkspaceRole;
  /** The person; for an API key (which acts as the owner), the key's creator. */
  accountId: string;
}

/**
 * Re-checks what the guard checked, from the principal itself: a service never trusts
 * that its only caller is the HTTP route.
 */
export function actorFor(principal: Principal, permission: Permission): WorkspaceActor {
  if (!principal.workspaceId || !principal.workspaceRole) {
    throw new AppError('forbidden', 'This needs a broker or developer workspace.');
  }
  if (!can(principal.workspaceRole, permission)) {
    throw new AppError('forbidden', `Your workspace role does not allow this (${permission}).`);
  }
  return {
    workspaceId: principal.workspaceId,
    role: principal.workspaceRole,
    accountId: principal.accountId,
  };
}

/** What needs a person (PERSON_ONLY_PERMISSIONS): re-checked here, the guard refuses a key first. */
export function personFor(principal: Principal, permission: Permission): WorkspaceActor {
  const refusal = apiKeyRefusal(permission);
  if (principal.kind === 'api_key') {
    throw new AppError('api_key_not_allowed', refusal ?? 'This needs a person signed in, not an API key.');
  }
  return actorFor(principal, permission);
}

/** Ids in paths are uuids; anything else names nothing here, so it is a 404 like an unknown one. */
export function isUuid(value: string): boolean {
  return isUUID(value);
}

export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
}

/** The owner's role changes only through an ownership transfer; the owner is never removed. */
export function assertNotOwner(role: WorkspaceRole, action: 'change' | 'remove'): void {
  if (role !== 'owner') return;
  throw new AppError(
    'forbidden',
    action === 'change'
      ? "The owner's role cannot be changed here: use POST /v1/workspace/ownership-transfer."
      : 'The owner cannot be removed: transfer ownership first (POST /v1/workspace/ownership-transfer).',
  );
}

/** A new account's password: the same floor as sign-up. */
export function assertNewPassword(password: string): void {
  if (password.length >= MIN_PASSWORD_LENGTH) return;
  throw new AppError('validation_error', `password must be at least ${MIN_PASSWORD_LENGTH} characters`, {
    field: 'password',
  });
}
