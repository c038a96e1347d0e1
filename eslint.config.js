// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Not type-aware: the type-checked rules build the whole program again, which more than doubles the time
// of `npm run lint` on a 2-core machine, and `npm run typecheck` already checks types. Tried once:
// no-floating-promises found only react-router's navigate(), whose promise nobody needs to await.
export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-test/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.cache/',
      'data/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      // src/ runs in the browser, server/ scripts/ bench/ in node, tests/ and e2e/ in both.
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // A leading underscore marks a value kept on purpose: an unused handler argument, or a field dropped
      // by a rest destructuring (`const { id: _id, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      // The React Compiler rules below are left off. The app is not built with the React Compiler, and each
      // flags a pattern the code uses on purpose:
      // - set-state-in-effect: the load-on-mount effects reset their loading/error state before a fetch.
      'react-hooks/set-state-in-effect': 'off',
      // - refs: the "latest callback" hooks write ref.current during render so a long-lived subscription
      //   calls the newest function.
      'react-hooks/refs': 'off',
      // - immutability: the player moves the <video> element held in state by writing its style, and the
      //   timeline's draw function fills the benchmark probe object.
      'react-hooks/immutability': 'off',
      // - preserve-manual-memoization: only matters when the compiler rewrites the component.
      'react-hooks/preserve-manual-memoization': 'off',
    },
  },
);
