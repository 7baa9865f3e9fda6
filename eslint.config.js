import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { builtinModules } from 'node:module';

/**
 * Node's own modules by their bare names ('fs', 'crypto', 'fs/promises'), for the layers that
 * must not reach them; the `node:` names are refused by the pattern 'node:*' beside each use.
 */
const nodeModules = (message) => builtinModules.map((name) => ({ name, message }));

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
    // The web client runs in the browser: whatever it imports ships. It may import the server's
    // types (the tRPC router, wire shapes) but no server value, and nothing of the CLI or Node.
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeModules('The web client runs in the browser (docs/architecture.md).'),
            { name: 'react', importNames: ['lazy'], message: "React's lazy keeps a failed load for good: use retryingLazy (src/web/lib/retrying-lazy.tsx), which loads again when asked." },
            // From either package: react-router-dom only passes on react-router's own.
            ...['react-router-dom', 'react-router'].map((name) => ({
              name,
              importNames: ['Link', 'NavLink'],
              message: "react-router's links bring its prefetching into every page's first script: use src/web/components/link.tsx.",
            })),
          ],
          patterns: [
            { group: ['**/server/**', '**/compat/**'], allowTypeImports: true, message: 'The web client imports only types from the server (docs/architecture.md); shared values live in src/shared.' },
            { group: ['**/cli/**', '**/bots/**', 'node:*'], message: 'The web client runs in the browser (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  {
    // The live odds' Web Worker alone runs the bots (pure, browser-safe) in the spectator's browser,
    // in its own chunk (docs/decisions.md, live odds); the rest of the web client still may not.
    files: ['src/web/odds/odds-worker.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nodeModules('The web client runs in the browser.'),
          patterns: [
            { group: ['**/server/**', '**/compat/**'], allowTypeImports: true, message: 'The web client imports only types from the server.' },
            { group: ['**/cli/**', 'node:*'], message: 'The web client runs in the browser.' },
          ],
        },
      ],
    },
  },
  {
    // Accessibility of what the JSX draws (a game people play with a keyboard or a screen reader too).
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region (a log, a wide table) must take focus so a keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region', 'log'], tags: [] }],
    },
  },
  {
    // React's rules of hooks, for components and for the hooks kept in .ts files of their own
    // (use-game-state.ts, lib/connection.ts and the like).
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // An import cycle makes load order matter and hides which module a layer really needs.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Sources import each other by their built `.js` names: resolve those to the `.ts` files.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // src/shared holds plain values both sides read: it imports no value from outside its folder (no
    // layer of the product, no package, no Node module), so either side may take any of it. The
    // engine's types it may take (a type is gone once built, and every side has the engine): the
    // animation plan reads the engine's events, as the screen and the turn timer both need it.
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./|\\.\\./engine/)', message: 'src/shared imports nothing from outside src/shared (docs/architecture.md).' },
            { regex: '^\\.\\./engine/', allowTypeImports: true, message: 'src/shared imports only types from the engine (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  {
    // Bots decide from a view and an rng: they depend on the engine only. They also run in the
    // spectator's browser (the live odds' worker), so no Node module either.
    files: ['src/bots/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules('Bots run in the browser too, for the live odds (docs/architecture.md).'),
          patterns: [
            { group: ['**/server/**', '**/compat/**', '**/cli/**', '**/web/**', '**/shared/**'], message: 'Bots depend on the engine only (docs/architecture.md).' },
            { group: ['node:*'], message: 'Bots run in the browser too, for the live odds (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  {
    // The server never reaches up into the CLI or the web client.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/cli/**', '**/web/**'], message: 'Nothing imports the CLI or the web client (docs/architecture.md).' }] }],
    },
  },
  {
    // Nor into the protocol adapters, which are built on it: app.ts alone mounts them.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/cli/**', '**/web/**'], message: 'Nothing imports the CLI or the web client (docs/architecture.md).' },
            { group: ['**/compat/**'], message: 'The protocol adapters sit on the server; only app.ts mounts them (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  {
    // The protocol adapters sit on the services, like the tRPC router; nothing imports the CLI or
    // the web client.
    files: ['src/compat/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/cli/**', '**/web/**'], message: 'Nothing imports the CLI or the web client (docs/architecture.md).' }] }],
    },
  },
  {
    // The CLI may use every layer but the web client, which is the browser's.
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'Nothing imports the CLI or the web client (docs/architecture.md).' }] }],
    },
  },
  {
    // It reaches into the server in two places only: the admin commands open its database, and the
    // worker pool starts threads as the server does.
    files: ['src/cli/**/*.ts'],
    ignores: ['src/cli/admin.ts', 'src/cli/pool.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**'], message: 'Nothing imports the CLI or the web client (docs/architecture.md).' },
            { group: ['**/server/**'], message: 'The CLI reaches into the server in admin.ts and pool.ts only (docs/architecture.md).' },
          ],
        },
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
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules('The engine does no I/O (docs/architecture.md).'),
          patterns: [
            { group: ['node:*'], message: 'The engine does no I/O (docs/architecture.md).' },
            { group: ['**/server/**', '**/compat/**', '**/bots/**', '**/cli/**', '**/web/**', '**/shared/**'], message: 'The engine imports nothing of the product (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
);
