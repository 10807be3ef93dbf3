import fc from 'fast-check';
import request from 'supertest';
import { createApiKey, createMember, createWorkspace } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/**
 * Random requests for every operation of the served OpenAPI document: odd path ids, query
 * values and bodies of every JSON shape, with and without credentials. Nothing a client sends
 * may produce a 5xx, and every error must be in the contract shape (the harness's proxy checks
 * each response against the document and fails the file on any mismatch).
 */

type Json = Record<string, unknown>;

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  template: string;
  query: string[];
  hasBody: boolean;
  bodyFields: string[];
}

const RUNS_PER_OPERATION = 40;
const ERROR_SHAPE = { error: expect.any(String), message: expect.any(String), code: expect.any(String) };

const oddText = fc.constantFrom(
  '',
  ' ',
  'x',
  'null',
  'true',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '1.5',
  'NaN',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  'الرياض',
  'جدة العليا',
  '😀',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(5000),
);
const pathValue = fc.oneof(oddText, fc.uuid(), fc.string({ maxLength: 40 }), fc.integer().map(String));
const queryValue = fc.oneof(oddText, fc.string({ maxLength: 30 }), fc.double().map(String), fc.bigInt().map(String));
const jsonLeaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(1e308, -1e308, 1e20, -0),
  oddText,
);

function bodyFor(fields: string[]): fc.Arbitrary<unknown> {
  const documented = fields.length
    ? fc.record(Object.fromEntries(fields.map((f) => [f, fc.oneof(jsonLeaf, fc.jsonValue({ maxDepth: 2 }))])), {
        requiredKeys: [],
      })
    : fc.constant({});
  return fc.oneof(documented, fc.jsonValue({ maxDepth: 3 }), fc.constant('{"broken": '), jsonLeaf);
}

function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = (op.parameters ?? []) as { name: string; in: string }[];
      const schema = (op.requestBody as Json | undefined)?.content as Record<string, { schema?: Json }> | undefined;
      const bodySchema = resolve(document, schema?.['application/json']?.schema);
      operations.push({
        method,
        template,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: Boolean(op.requestBody),
        bodyFields: Object.keys(bodySchema?.properties ?? {}),
      });
    }
  }
  return operations;
}

function resolve(document: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return ref
    .slice(2)
    .split('/')
    .reduce<Json | undefined>((node, key) => node?.[key] as Json | undefined, document);
}

describeE2e('fuzzing every documented operation', () => {
  let platform: Platform;
  let operations: Operation[];
  let credentials: (string | undefined)[];
  let sent = 0;

  beforeAll(async () => {
    platform = await sharedPlatform();
    const document = (await request(platform.baseUrl).get('/openapi.json').expect(200)).body as Json;
    operations = operationsOf(document);
    const owner = await createMember(platform, { role: 'owner' });
    const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
    // A developer workspace's member too, so the project routes are reached past the guard.
    const developer = await createMember(platform, {
      workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
      role: 'owner',
    });
    credentials = [undefined, key, owner.token, developer.token, 'sk-not-a-real-key', 'eyJhbGciOiJub25lIn0.e30.'];
  });

  afterAll(async () => {
    process.stdout.write(`fuzz: ${sent} requests over ${operations.length} operations\n`);
    await platform.close();
  });

  it('should answer every random request below 500 and in the error contract when it fails', async () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      const paramNames = operation.template.match(/\{[^}]+\}/g) ?? [];
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: paramNames.length, maxLength: paramNames.length }),
          fc.array(fc.tuple(fc.constantFrom(...operation.query, 'unknown_param'), queryValue), { maxLength: 4 }),
          bodyFor(operation.bodyFields),
          fc.constantFrom(...credentials),
          async (pathValues, query, body, credential) => {
            let path = operation.template;
            paramNames.forEach((name, i) => (path = path.replace(name, encodeURIComponent(pathValues[i]))));
            const search = new URLSearchParams(query).toString();
            let call = request(platform.baseUrl)[operation.method](search ? `${path}?${search}` : path);
            if (credential) call = call.set('authorization', `Bearer ${credential}`);
            if (operation.hasBody || body !== undefined) {
              call = call
                .set('content-type', 'application/json')
                .send(typeof body === 'string' && body.startsWith('{"broken') ? body : JSON.stringify(body));
            }
            const res = await call;
            sent++;
            expect({ route: `${operation.method.toUpperCase()} ${path}`, status: res.status < 500 }).toEqual({
              route: `${operation.method.toUpperCase()} ${path}`,
              status: true,
            });
            if (res.status >= 400) {
              // A page a person opens (the saved-search unsubscribe link) answers its errors as a page,
              // as the document says; every other error is in the contract's JSON shape.
              if (res.type === 'text/html') expect(res.text).toMatch(/<html/i);
              else expect(res.body).toMatchObject(ERROR_SHAPE);
            }
          },
        ),
        { numRuns: RUNS_PER_OPERATION },
      );
    }
  }, 240_000);
});
