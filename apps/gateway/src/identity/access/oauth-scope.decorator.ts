import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiOAuth2 } from '@nestjs/swagger';
import type { RestScope } from '../../oauth/rest-scopes';

export const OAUTH_SCOPE = Symbol('OAUTH_SCOPE');

/** The name of the OAuth 2.0 security scheme in the OpenAPI document (http/openapi.ts). */
export const OAUTH_SECURITY_SCHEME = 'oauth2';

/**
 * Beside the route's `@Authenticated` credentials, an OAuth access token issued for the REST API
 * (resource `<PUBLIC_URL>/v1`) with this scope. Only the buyer routes spec 5.6 opens to OAuth
 * carry it; on any other route an OAuth token answers 403 `insufficient_scope`.
 */
export const OAuthScope = (scope: RestScope) =>
  applyDecorators(SetMetadata(OAUTH_SCOPE, scope), ApiOAuth2([scope], OAUTH_SECURITY_SCHEME));
