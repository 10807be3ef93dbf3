/**
 * Three projects: unit (pure logic, no services), and one end-to-end suite run twice:
 * standalone (in-process, embedded PostgreSQL) and distributed (real processes, the
 * machine's NATS and PostgreSQL; skipped when those do not answer unless
 * E2E_DISTRIBUTED=required).
 */
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.json');

/** Packages published only as ES modules. */
const ESM_ONLY = [
  'content-disposition',
  // oidc-provider 8 and what it brings (stack-notes "MCP and OAuth").
  'oidc-provider',
  'jose',
  '@sindresorhus/is',
  '@szmarczak/http-timer',
  'cacheable-lookup',
  'cacheable-request',
  'mimic-response',
  'normalize-url',
  'responselike',
  'lowercase-keys',
  'form-data-encoder',
  'p-cancelable',
  'nanoid',
  'quick-lru',
  'got',
  // NestJS 12: every @nestjs/* package is ESM-only.
  '@nestjs',
];

const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': 'ts-jest',
    // ESM-only dependencies transpiled for jest's CommonJS runtime; Node loads them natively.
    '/node_modules/.+\\.js$': '<rootDir>/jest.esm-transform.js',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  setupFiles: ['reflect-metadata'],
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  moduleFileExtensions: ['ts', 'js', 'json'],
};

const e2e = {
  ...shared,
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
    },
  ],
};
