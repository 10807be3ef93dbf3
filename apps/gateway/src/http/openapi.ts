import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ERROR_REGISTRY } from '@app/errors';
import { OAUTH_SECURITY_SCHEME } from '../identity/access/oauth-scope.decorator';
import { REST_SCOPES, REST_SCOPE_LABELS } from '../oauth/rest-scopes';
import { loadContractMetadata } from '../openapi/contract-metadata';
import { documentConditionalGets } from './conditional-requests/conditional-get.openapi';
import { toContractDocument } from './openapi-contract';

const ERROR_TABLE = Object.entries(ERROR_REGISTRY)
  .map(([error, { status, code }]) => `| ${status} | \`${error}\` | \`${code}\` |`)
  .join('\n');

const DESCRIPTION = `Property decisions, location search and the marketplace for Saudi Arabia and the UAE.

Every REST path is versioned under \`/v1\`. Send \`X-Request-Id\` to correlate a call with our logs; it is echoed back (one is generated when absent).

## Errors
Every error has the flat shape \`{"error", "message", ...extra}\` and also carries the nested code and details, so clients of either documented shape work:

\`\`\`json
{"error": "validation_error", "message": "property.area must be a positive number", "field": "property.area",
 "code": "INVALID_FIELD_TYPE", "details": {"fields": [{"field": "property.area", "expected": "positive number"}]}}
\`\`\`

| HTTP | error | code |
|---|---|---|
${ERROR_TABLE}
`;

/**
 * Third-party apps acting for a user: an access token of our authorization server issued for
 * the REST API (docs/security.md "OAuth access tokens on the REST API").
 */
function oauthScheme(origin: string) {
  return {
    type: 'oauth2' as const,
    description:
      `OAuth 2.1 (authorization code with PKCE S256, open dynamic registration at ${origin}/oauth/reg, ` +
      `discovery at ${origin}/.well-known/oauth-authorization-server). Ask for \`resource=${origin}/v1\` and the ` +
      'scopes below: the token is then accepted on the operations that list this scheme with that scope, and ' +
      'nowhere else on /v1 (403 `insufficient_scope`, with `WWW-Authenticate: Bearer error="insufficient_scope"`). ' +
      'A token issued for /mcp is refused here (401 `invalid_token`), and a REST token at /mcp.',
    flows: {
      authorizationCode: {
        authorizationUrl: `${origin}/oauth/auth`,
        tokenUrl: `${origin}/oauth/token`,
        refreshUrl: `${origin}/oauth/token`,
        scopes: Object.fromEntries(REST_SCOPES.map((scope) => [scope, REST_SCOPE_LABELS[scope].en])),
      },
    },
  };
}

/** The OpenAPI 3 document, generated from the controllers and the contract classes: JSON at /openapi.json, browsable at /docs. */
export async function mountOpenApi(app: NestFastifyApplication, publicUrl: string): Promise<void> {
  await loadContractMetadata();
  const config = new DocumentBuilder()
    .setTitle('Property Decision API')
    .setDescription(DESCRIPTION)
    .setVersion('1')
    .addServer(publicUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key (sk-…) or access token' })
    .addOAuth2(oauthScheme(new URL(publicUrl).origin), OAUTH_SECURITY_SCHEME)
    .build();
  config.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as typeof config.info.license;
  const document = documentConditionalGets(toContractDocument(SwaggerModule.createDocument(app, config)));
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: '/openapi.json', yamlDocumentUrl: '/openapi.yaml' });
}
