import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'var', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The web client runs in the browser and imports only types from the server.
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../cli/*', '../../cli/*', 'node:*'], message: 'The web client runs in the browser.' }] },
      ],
    },
  },
  {
    // Black-box protocol tests read JSON as an outside client would: untyped.
    files: ['tests/compat/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The engine is pure: randomness and time are inputs (docs/architecture.md).
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the game PRNG (src/engine/rng.ts).' },
        { object: 'Date', property: 'now', message: 'Time comes in as `now`.' },
        { object: 'performance', property: 'now', message: 'Time comes in as `now`.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'Time comes in as `now`.' },
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', '../server/*', '../bots/*', '../cli/*', '../web/*'] }],
    },
  },
);
