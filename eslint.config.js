// One lint config for every workspace (flat config). Type-aware rules stay off to keep `npm test` fast;
// `tsc --noEmit` per workspace is the type gate.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/.data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'apps/server/src/test/generated-client/generated/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; routes in app/ combine them (ARCHITECTURE.md).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**', '../../features/**'], message: 'Features must not import other features; compose them in app/.' }] },
      ],
    },
  },
  {
    // app/ is where features meet.
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/main.tsx', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // Server code never reaches into the web app.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**'], message: 'The server imports only @mathclub/shared.' }] }],
    },
  },
);
