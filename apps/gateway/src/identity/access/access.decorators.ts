import { SetMetadata, applyDecorators, createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { CredentialKind, Permission, Principal } from '@app/contracts';

export const ACCESS_RULE = Symbol('ACCESS_RULE');

/** Every route states who may call it; the guard refuses a route that does not. */
export type AccessRule =
  | { public: true }
  | { public: false; credentials: CredentialKind[]; permission?: Permission; staff?: boolean; sellers?: boolean };

/** Anyone, no credential. */
export const Public = () => SetMetadata(ACCESS_RULE, { public: true } satisfies AccessRule);

/**
 * A Bearer credential of one of the given kinds (`user`: an access token; `api_key`: an
 * `sk-` key) and, when given, a workspace permission from the matrix in @app/contracts.
 * `sellers`: a seller account without a workspace passes too (its own listings and their leads).
 */
export const Authenticated = (
  credentials: CredentialKind[],
  permission?: Permission,
  options: { sellers?: boolean } = {},
) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { public: false, credentials, permission, ...options } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: '`unauthorized` (no credential) or `invalid_token` / `invalid_api_key`' }),
    ...(permission ? [ApiForbiddenResponse({ description: `\`forbidden\`: needs ${permission}` })] : []),
  );

/** A platform moderator's access token (staff accounts only; API keys and other accounts: 403). */
export const Moderator = () =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { public: false, credentials: ['user'], staff: true } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: '`unauthorized` (no credential) or `invalid_token`' }),
    ApiForbiddenResponse({ description: '`forbidden`: platform moderators only' }),
  );

export interface RequestWithPrincipal {
  principal?: Principal;
}

/** The caller the guard established. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without @Authenticated');
  return principal;
});
