import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ERROR_REGISTRY } from '@app/errors';
import { referencedContractSchemas } from './contract-schemas';
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

/** The OpenAPI 3 document, generated from the controllers: JSON at /openapi.json, browsable at /docs. */
export function mountOpenApi(app: NestFastifyApplication, publicUrl: string): void {
  const config = new DocumentBuilder()
    .setTitle('Property Decision API')
    .setDescription(DESCRIPTION)
    .setVersion('1')
    .addServer(publicUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key (sk-…) or access token' })
    .build();
  config.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as typeof config.info.license;
  const document = toContractDocument(SwaggerModule.createDocument(app, config), referencedContractSchemas());
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: '/openapi.json', yamlDocumentUrl: '/openapi.yaml' });
}
