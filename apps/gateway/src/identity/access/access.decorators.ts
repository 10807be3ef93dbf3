import { SetMetadata, applyDecorators, createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { apiKeyRefusal } from '@app/contracts';
import type { CredentialKind, Permission, Principal } from '@app/contracts';
import { TooManyRequestsResponse } from '../../fair-use/too-many-requests.response';

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
 * A valid key on a route that does not take one, or that needs a person
 * (PERSON_ONLY_PERMISSIONS), is answered 403 `api_key_not_allowed`.
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
    ...forbiddenResponse(credentials, permission),
    ...(credentials.includes('api_key')
      ? [TooManyRequestsResponse('over API_RATE_LIMIT requests a minute (default 600) with this API key')]
      : []),
  );

function forbiddenResponse(credentials: CredentialKind[], permission?: Permission): MethodDecorator[] {
  const reasons = permission ? [`\`forbidden\`: needs ${permission}`] : [];
  const refusal = apiKeyRefusal(permission);
  if (refusal) reasons.push(`\`api_key_not_allowed\`: ${refusal}`);
  else if (!credentials.includes('api_key')) reasons.push("`api_key_not_allowed`: a person's own account, not a key's");
  return reasons.length ? [ApiForbiddenResponse({ description: reasons.join('; ') })] : [];
}

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
