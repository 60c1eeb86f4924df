// Lint rules, including the layering described in docs/architecture.md: no import cycles (type-only
// imports count); features used by others only through their index.ts, and server modules likewise;
// server modules import only modules of lower layers (scripts/eslint/module-layers.js); only src/api
// imports openapi-fetch and the generated types; browser code never imports the server, and the
// server never imports browser code.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { workspacePlugin } from './scripts/eslint/index.js';
import { MODULE_LAYERS } from './scripts/eslint/module-layers.js';

const serverImports = {
  group: ['**/server/**', '../server', '../../server'],
  message: 'Browser code must not import the server.',
};
const deepFeatureImports = {
  regex: '^@/features/[^/]+/.+',
  message: 'Use another feature only through its index.ts (import from "@/features/<name>").',
};
const apiInternals = {
  group: ['openapi-fetch', '@/api/*', '**/api/generated/*'],
  message: 'Only src/api talks to openapi-fetch and the generated types; import from "@/api".',
};
// The same two rules for relative paths (from src/routes, src/app, …).
const relativeFeatureInternals = {
  regex: '^(\\.\\.?/)+(.*/)?features/[^/]+/',
  message: 'Use another feature only through its index.ts (import from "@/features/<name>").',
};
const relativeApiInternals = {
  regex: '^(\\.\\.?/)+(.*/)?api/.+',
  message: 'Import from "@/api", the only door to the server.',
};
const webAppImports = { group: ['**/src/**', '@/*'], message: 'Node code must not import the web app.' };
// Server modules use each other through their index.ts only, as features do.
const otherModuleInternals = {
  // From server/modules/<name>/x.ts, "../<other>/<file>" is another module's file.
  regex: '^\\.\\./[^./][^/]*/(?!index\\.ts$).+',
  message: 'Use another server module only through its index.ts (import "../<module>/index.ts").',
};
const moduleInternals = {
  regex: '(^|/)modules/[^/]+/(?!index\\.ts$).+',
  message: 'Use a server module only through its index.ts (".../modules/<module>/index.ts").',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'src/api/generated/',
      'src/app/route-tree.gen.ts',
      'public/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, workspace: workspacePlugin },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.e2e.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Not import-x/no-cycle: it skips type-only imports, with no option to count them, and a
      // type-only cycle is still two layers pointing at each other (scripts/eslint/no-cycle.js).
      'workspace/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Advice for the React Compiler, which this project does not use (TanStack Virtual trips it).
      'react-hooks/incompatible-library': 'off',
      'no-restricted-imports': [
        'error',
        { patterns: [serverImports, deepFeatureImports, apiInternals, relativeFeatureInternals, relativeApiInternals] },
      ],
    },
  },
  {
    // The API layer itself may use its internals.
    files: ['src/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports] }] },
  },
  {
    // Within a feature, relative imports must not climb into another feature.
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            deepFeatureImports,
            apiInternals,
            {
              // Folders inside a feature (components/, hooks/) are its own; any other folder reached
              // by climbing is another feature.
              regex: '^(\\.\\./)+(features/)?(?!(components|hooks)/)[^./][^/]*/(?!.*\\.css$)',
              message: 'Do not reach into another feature; import "@/features/<name>".',
            },
          ],
        },
      ],
    },
  },
  {
    // Design-system primitives and pure helpers know nothing about features, the app or the API.
    files: ['src/ui/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              group: ['@/features/*', '@/app/*', '@/api', '@/routes/*'],
              message: 'ui/ and lib/ sit below features, app and api.',
            },
            {
              regex: '^(\\.\\./)+(features|app|api|routes)(/|$)',
              message: 'ui/ and lib/ sit below features, app and api.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**', 'runner/**', 'scripts/**', 'bench/**', 'e2e/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: [webAppImports] }],
    },
  },
  {
    // Server modules use each other through their index.ts only (server/modules/<name>/index.ts
    // re-exports what the others may use). app.ts and context.ts, which assemble the modules, may
    // reach their handlers and the authenticator.
    files: ['server/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webAppImports, otherModuleInternals, moduleInternals] }] },
  },
  {
    // And only modules of the layers below their own (the table: scripts/eslint/module-layers.js).
    // Tests are not held to it: they drive the whole app, and may set up data through any module.
    files: ['server/modules/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'workspace/module-layers': ['error', { root: 'server/modules', layers: MODULE_LAYERS }] },
  },
  {
    // Layers below the modules never reach up into them.
    files: ['server/http/**', 'server/policies/**', 'server/lib/**', 'server/db/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webAppImports,
            { regex: '(^|/)modules/', message: 'http/, policies/, lib/ and db/ sit below the modules.' },
          ],
        },
      ],
    },
  },
  {
    // The shared types are a leaf: anything may import them, so they import nothing of the server.
    files: ['server/types.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.', message: 'server/types.ts imports nothing of the server (it is a leaf).' }] },
      ],
    },
  },
  {
    files: ['server/**/*.test.ts', 'server/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
