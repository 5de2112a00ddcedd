// ESLint flat config for the whole monorepo (`npm run lint` = `eslint .`).
// TypeScript rules are the non-type-aware recommended set, to keep linting fast.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/no-cross-feature-imports.js';
import importPlugin from 'eslint-plugin-import';
import serverLayers from './scripts/eslint/server-layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/portal/src/routeTree.gen.ts',
      // Precompiled claim form validators (apps/portal/build/compile-claim-validators.ts).
      'apps/portal/src/features/claims/form/validators/*.gen.*',
      'apps/server/src/db/migrations/**',
      'data/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a deliberately unused argument or binding.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A `let` that a closure reads before its one assignment (e.g. a queue started after the app
      // that reports on it) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests read JSON bodies and mock loosely on purpose; `any` there costs nothing in production.
    files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern: `async ({}, use)` is its idiom.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/portal/**/*.{ts,tsx,js,jsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/portal/src/features/**/*.{ts,tsx,js,jsx}'],
    plugins: { clearlane: boundaries },
    rules: { 'clearlane/no-cross-feature-imports': 'error' },
  },
  {
    // The server's layers (DESIGN.md §2, scripts/eslint/server-layers.js) and no import cycles:
    // foundation → access → features (identity, modules) → composition (app.ts, main.ts, CLI).
    files: ['apps/server/src/**/*.ts'],
    plugins: { import: importPlugin, 'clearlane-server': serverLayers },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import/extensions': ['.ts', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'clearlane-server/server-layers': 'error',
      // Our own files only: walking into node_modules is slow and none of our business.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The portal's layering (DESIGN.md §2): lib → components → features → app → routes, one way, and
    // no import cycles (a cycle makes module order matter and defeats code splitting).
    files: ['apps/portal/src/**/*.{ts,tsx}'],
    plugins: { clearlane: boundaries, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'clearlane/portal-layers': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Node-side config files of the portal (vite, vitest) run in Node.
    files: ['apps/portal/*.{ts,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
