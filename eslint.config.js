import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { hxk } from './eslint-rules/hxk.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'scratch/**', 'apps/server/src/db/migrations/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE 15).' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@hxk/server', '@hxk/server/*'], message: 'The web app talks to the server through the API and contracts only.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE 15).' },
        {
          // A forceRender dialog stays "open" to Escape while hidden (@rc-component/portal's Escape stack):
          // Escape then goes to it, not to the dialog on screen. Forms in dialogs connect when they open.
          selector: "JSXAttribute[name.name='forceRender']",
          message: 'No forceRender on dialogs and drawers: a hidden one takes Escape from the one on screen.',
        },
      ],
    },
  },
  {
    // STYLE 10: a feature imports lib, components and itself, never another feature (the app composes
    // them); lib and components never import a feature. Relative paths are resolved (eslint-rules/hxk.js).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { hxk },
    rules: { 'hxk/no-cross-feature': 'error' },
  },
  {
    // Crossing schools is a capability listed in apps/server/src/platform/tenancy.ts (ARCHITECTURE 4).
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts'],
    plugins: { hxk },
    rules: { 'hxk/platform-capability': 'error' },
  },
  {
    // Modules reach the database through inSchool (or a platform capability), never the raw handle.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { hxk },
    rules: { 'hxk/school-runner': 'error' },
  },
  {
    // A transaction is one connection: its queries are awaited in turn, never Promise.all'd (eslint-rules/hxk.js).
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts'],
    plugins: { hxk },
    rules: { 'hxk/serial-tx': 'error' },
  },
  {
    // A module's SQL lives in its repositories (*.repo.ts), typed rows out (docs/decisions/0016-repositories.md).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repo.ts'],
    plugins: { hxk },
    rules: { 'hxk/repository-sql': 'error' },
  },
  {
    // A handler takes its context from accountCtx(req) / memberCtx(req), which check the declared
    // access level, never from a cast (docs/decisions/0013-route-contexts.md). Tests build their own.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE 15).' },
        {
          selector: "TSAsExpression:matches([expression.property.name='ctx'], [typeAnnotation.typeName.name=/Ctx$/])",
          message: 'Take the context from accountCtx(req) or memberCtx(req) (platform/route-context.ts), not a cast.',
        },
      ],
    },
  },
  {
    // Tools that need a default export.
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/drizzle.config.ts', 'eslint.config.js', '**/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
