import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import ts from 'typescript';
import { fundedWorkspace } from '../harness/billing-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..', '..');
const LINT_COMMAND = path.join(ROOT, 'dist', 'scripts', 'lint-openapi.js');

/**
 * The spec's own calls, written against types generated from the served document the way
 * integrators do it (openapi-typescript + openapi-fetch). Type errors here are the document's.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

const api = createClient<paths>({ baseUrl: process.env.BASE_URL });
const auth = { Authorization: \`Bearer \${process.env.API_KEY}\` };

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const byName = await api.POST('/v1/decisions', {
    headers: auth,
    body: { property: { type: 'apartment', price: 1200000, area: 150, bedrooms: 3 }, location: { city: 'Riyadh', district: 'Al Olaya' }, reasoning: false },
  });
  out.byName = byName.data?.verdict;
  const guidance = byName.data?.price_guidance;
  out.priceToMatch = guidance ? guidance.price_to_match_sar : 'absent';
  const found = await api.GET('/v1/locations', { headers: auth, params: { query: { city: 'Riyadh', district: 'Olaya' } } });
  const first = found.data && 'data' in found.data ? found.data.data[0] : undefined;
  const districtId = first && first.object === 'district' ? first.id : undefined;
  const cityId = first && first.object === 'district' ? first.city_id : undefined;
  const byId = await api.POST('/v1/decisions', {
    headers: auth,
    body: { property: { type: 'villa', price: 3000000, area: 400 }, location: { district_id: districtId }, reasoning: false },
  });
  out.byId = byId.data?.score;
  const byCityId = await api.POST('/v1/decisions', {
    headers: { ...auth, 'Idempotency-Key': 'client-1' },
    body: { property: { type: 'office', price: 900000, area: 120 }, location: { city_id: cityId, district: 'العليا' }, reasoning: false },
  });
  out.byCityId = byCityId.data?.credits_remaining;
  const email = \`client-\${Date.now()}@example.test\`;
  const signUp = await api.POST('/v1/accounts', { body: { email, password: 'a-long-password-1', name: 'سارة', role: 'buyer' } });
  out.signUpWorkspace = signUp.data?.workspace;
  const login = await api.POST('/v1/auth/login', { body: { email, password: 'a-long-password-1' } });
  const me = await api.GET('/v1/me', { headers: { Authorization: \`Bearer \${login.data?.access_token}\` } });
  out.me = me.data?.account.email;
  const refused = await api.GET('/v1/locations', { params: { query: { city: 'R' } }, headers: auth });
  out.refused = refused.error?.error;
  process.stdout.write(JSON.stringify(out));
}

void main();
`;

describeE2e('the OpenAPI document', () => {
  let platform: Platform;
  let document: string;

  beforeAll(async () => {
    platform = await sharedPlatform();
    document = (await request(platform.baseUrl).get('/openapi.json').expect(200)).text;
  });

  afterAll(() => platform.close());

  it("should pass Redocly's recommended rules with no error or warning when linted", async () => {
    // The built lint command (npm run lint:openapi): Redocly is ES modules only, which Node loads and jest cannot.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      fs.writeFileSync(path.join(dir, 'openapi.json'), document);
      const { stdout } = await run(process.execPath, [LINT_COMMAND, path.join(dir, 'openapi.json')]);
      expect(stdout.trim()).toBe('0 problems');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should let a client generated from it make the spec calls without type errors when compiled', async () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.cache-openapi-client-'));
    try {
      // openapi-typescript's own CLI, as integrators run it (its dependencies are ES modules jest cannot load).
      fs.writeFileSync(path.join(dir, 'openapi.json'), document);
      const cli = path.join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      await run(process.execPath, [cli, path.join(dir, 'openapi.json'), '-o', path.join(dir, 'api.ts')]);
      fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.CommonJS,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: ['node'],
        skipLibCheck: true,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);

      // And the same client, run, gets the answers the types promise.
      const { key } = await fundedWorkspace(platform, 5);
      fs.writeFileSync(
        path.join(dir, 'client.js'),
        ts.transpileModule(CLIENT, {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
        }).outputText,
      );
      const { stdout } = await run(process.execPath, [path.join(dir, 'client.js')], {
        env: { PATH: process.env.PATH, BASE_URL: platform.baseUrl, API_KEY: key },
      });
      const out = JSON.parse(stdout) as Record<string, unknown>;
      expect(out).toMatchObject({ signUpWorkspace: null, refused: 'invalid_param', byCityId: 2 });
      expect(['match', 'partial', 'no_match']).toContain(out.byName);
      // Issue 30: the documented price guidance, read through the generated types (null when no price makes a match).
      expect(out.priceToMatch === null || typeof out.priceToMatch === 'number').toBe(true);
      expect(typeof out.byId).toBe('number');
      expect(out.me).toMatch(/^client-\d+@example\.test$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
