// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const APPS = ['gateway', 'decision', 'catalogue', 'leads', 'billing', 'notification'];
const SERVICES = APPS.filter((app) => app !== 'gateway');

/** What only the gateway's HTTP edge needs: each service process would hold it in memory for nothing. */
const GATEWAY_ONLY = [
  ...[
    '@nestjs/swagger',
    '@nestjs/terminus',
    '@nestjs/platform-fastify',
    'fastify',
    'libphonenumber-js',
    '@app/validation/phone',
  ].map((name) => ({ name, message: 'Gateway only: services and libs load no web framework (docs/performance.md).' })),
  {
    name: 'class-validator',
    message: "Import from @app/validation: the package's index loads every validator (docs/performance.md).",
    allowTypeImports: true,
  },
];

/** An app's import rules: libs through their alias, and never another app. */
function appImportPatterns(app) {
  return [
    { group: ['**/libs/**', '@app/*/src/**'], message: 'Import a lib through its @app/<name> alias.' },
    {
      group: APPS.filter((other) => other !== app).flatMap((other) => [`**/${other}/src/**`, `**/apps/${other}/**`]),
      message: 'An app never imports another app: talk over the transport (libs/contracts).',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '.data/**',
      'eslint.config.mjs',
      'jest.config.js',
      'jest.esm-transform.js',
      'scripts/swc-options.cjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettier,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Libraries are reached through their alias (`@app/errors`), never by a deep path.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/libs/**', '@app/*/src/**'], message: 'Import a lib through its @app/<name> alias.' },
          ],
        },
      ],
    },
  },
  // No app imports another app; only the standalone composition root and tooling join them.
  ...APPS.map((app) => ({
    files: [`apps/${app}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: appImportPatterns(app) }] },
  })),
  // Inside the gateway, identity keeps its repositories and entities: the other features read it
  // through IdentityDirectory, DeveloperWorkspaces and the access decorators (issue 28 point 4).
  {
    files: ['apps/gateway/src/**/*.ts'],
    ignores: ['apps/gateway/src/identity/**', 'apps/gateway/src/oauth/**', 'apps/gateway/src/database/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appImportPatterns('gateway'),
            {
              group: ['**/identity/**/*.repository', '**/identity/**/*.entity'],
              message: "Identity's repositories and entities are its own: use IdentityDirectory (identity/directory).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/**/*.ts', 'scripts/**/*.ts', ...SERVICES.map((service) => `apps/${service}/**/*.ts`)],
    // The phone entry of @app/validation is the one lib file the gateway alone imports.
    ignores: ['**/*.spec.ts', 'libs/validation/src/phone/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: GATEWAY_ONLY }] },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts'],
    // Tests assert on untyped JSON bodies (supertest's `res.body`) with expect().
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  // Plain ES module scripts (test/deploy's schema validator): no TypeScript project to type-check them with.
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Browser files the gateway serves as they are (the chat widget): classic scripts, browser globals only.
  {
    files: ['apps/**/assets/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      sourceType: 'script',
      parserOptions: { projectService: false },
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'navigator',
          'sessionStorage',
          'EventSource',
          'fetch',
          'URL',
          'setTimeout',
          'JSON',
          'Promise',
          'Error',
          'Math',
          'String',
          'Object',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-undef': 'error' },
  },
);
