/**
 * Three projects: unit (pure logic, no services), and one end-to-end suite run twice:
 * standalone (in-process, embedded PostgreSQL) and distributed (real processes, the
 * machine's NATS and PostgreSQL; skipped when those do not answer unless
 * E2E_DISTRIBUTED=required).
 */
const { compilerOptions } = require('./tsconfig.json');

/** `@app/<name>` to its lib, as tsconfig's paths say (one target each). */
const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias}$`,
    `<rootDir>/${target.replace(/^\.\//, '')}`,
  ]),
);

/** swc transpiles, as the build does (no type check here: `npm run typecheck` does that). */
const swc = require('./scripts/swc-options.cjs');

/** Packages published only as ES modules. */
const ESM_ONLY = [
  'content-disposition',
  // oidc-provider 9 and the one ES-module dependency it brings (koa 3 also ships CommonJS).
  'oidc-provider',
  'jose',
  // NestJS 12: every @nestjs/* package is ESM-only.
  '@nestjs',
  // The OAuth client the tests drive the authorization server with.
  'oauth4webapi',
];

const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc('typescript')],
    // ESM-only dependencies transpiled for jest's CommonJS runtime; Node loads them natively.
    '/node_modules/.+\\.js$': ['<rootDir>/jest.esm-transform.js', swc('ecmascript')],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  setupFiles: ['reflect-metadata'],
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'js', 'json'],
};

const e2e = {
  ...shared,
  // Node's environment plus the registry of platforms shared across test files (sharedPlatform).
  testEnvironment: '<rootDir>/test/harness/e2e.environment.ts',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
  slowTestThreshold: 30,
};

module.exports = {
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/libs/**/*.spec.ts',
        '<rootDir>/test/deploy/**/*.spec.ts',
        '<rootDir>/test/docs/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
      ],
    },
    {
      ...e2e,
      displayName: 'e2e-standalone',
      globals: { E2E_MODE: 'standalone' },
      globalSetup: '<rootDir>/test/harness/standalone.global-setup.ts',
      globalTeardown: '<rootDir>/test/harness/standalone.global-teardown.ts',
    },
    {
      ...e2e,
      displayName: 'e2e-distributed',
      globals: { E2E_MODE: 'distributed' },
      globalSetup: '<rootDir>/test/harness/distributed.global-setup.ts',
      globalTeardown: '<rootDir>/test/harness/distributed.global-teardown.ts',
    },
  ],
};
