import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * Redocly's recommended rules over the served OpenAPI document; the e2e suite runs it on every
 * CI run (test/e2e/openapi.e2e-spec.ts). `npm run lint:openapi -- [url or file]` for a running platform.
 */
export interface OpenApiProblem {
  severity: string;
  rule: string;
  message: string;
  pointer?: string;
}

/** Rules the recommended set applies that do not fit this document, each with the reason. */
const RULE_OVERRIDES = {
  // The server URL is PUBLIC_URL, which is localhost in a local run; production sets its own.
  'no-server-example.com': 'off',
} as const;

/** Single findings accepted on purpose (the rule stays on for everything else). */
const ACCEPTED = [
  // Health probes take no input: they have no client error to document.
  { rule: 'operation-4xx-response', pointer: /^#\/paths\/~1v1~1health~1(live|ready|dependencies|services)\/get\/responses$/ },
];

export async function lintOpenApi(source: string): Promise<OpenApiProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: RULE_OVERRIDES });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  return problems
    .map((problem) => ({
      severity: problem.severity,
      rule: problem.ruleId,
      message: problem.message,
      pointer: problem.location[0]?.pointer,
    }))
    .filter((p) => !ACCEPTED.some((a) => a.rule === p.rule && a.pointer.test(p.pointer ?? '')));
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? 'http://localhost:3000/openapi.json';
  const source = /^https?:/.test(target) ? await (await fetch(target)).text() : await readFile(target, 'utf8');
  const problems = await lintOpenApi(source);
  for (const p of problems) process.stdout.write(`${p.severity} ${p.rule} ${p.message} ${p.pointer ?? ''}\n`);
  process.stdout.write(`${problems.length} problems\n`);
  process.exitCode = problems.some((p) => p.severity === 'error') ? 1 : 0;
}

if (require.main === module) void main();
