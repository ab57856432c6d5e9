// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The one-way package dependencies of docs/architecture.md:
 * domain <- game-client <- engine <- agent; domain <- server, web, game-sim, extension; domain <- solver.
 * Nothing imports an app, except the server's composition root, which embeds the
 * sandbox game and one agent in-process, and the agent's rehearsal side process, which builds a
 * private sandbox world beside its session (see docs/decisions.md).
 */
const appPackages = ['@tradedesk/server', '@tradedesk/web', '@tradedesk/agent', '@tradedesk/game-sim'];
const forbid = (names, why) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [],
      patterns: names.map((name) => ({ group: [name, `${name}/*`], message: why })),
    },
  ],
});
const layer = (files, names, why) => ({ files, rules: forbid(names, why) });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-types/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // The sandbox web app's page scripts: plain browser modules served as they are.
  { files: ['apps/game-sim/src/web/client/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  layer(
    ['packages/domain/**/*.ts'],
    ['@tradedesk/game-client', '@tradedesk/engine', ...appPackages],
    'domain is the bottom layer: it imports no other workspace.',
  ),
  layer(
    ['packages/game-client/**/*.ts'],
    ['@tradedesk/engine', ...appPackages],
    'game-client may import only domain.',
  ),
  layer(['packages/engine/**/*.ts'], appPackages, 'engine may import only domain and game-client.'),
  layer(
    ['packages/solver/**/*.ts'],
    ['@tradedesk/game-client', '@tradedesk/engine', ...appPackages],
    'solver may import only domain.',
  ),
  layer(
    ['apps/web/**/*.{ts,tsx}'],
    [
      '@tradedesk/game-client',
      '@tradedesk/engine',
      '@tradedesk/server',
      '@tradedesk/agent',
      '@tradedesk/game-sim',
    ],
    'web shares only domain with the rest of the system.',
  ),
  layer(
    ['apps/game-sim/**/*.ts'],
    [
      '@tradedesk/game-client',
      '@tradedesk/engine',
      '@tradedesk/server',
      '@tradedesk/agent',
      '@tradedesk/web',
    ],
    'game-sim is a stand-alone game: it imports only domain (tests may use game-client).',
  ),
  layer(
    ['apps/extension/**/*.ts'],
    [
      '@tradedesk/game-client',
      '@tradedesk/engine',
      '@tradedesk/server',
      '@tradedesk/agent',
      '@tradedesk/game-sim',
      '@tradedesk/web',
    ],
    'the add-on ships to the browser alone: it imports only domain.',
  ),
  layer(
    ['apps/agent/**/*.ts'],
    ['@tradedesk/server', '@tradedesk/web', '@tradedesk/game-sim'],
    'agent talks to the server over its socket, never by import.',
  ),
  layer(
    ['apps/server/src/**/*.ts'],
    ['@tradedesk/web', '@tradedesk/agent', '@tradedesk/game-sim'],
    'only the composition root (apps/server/src/embedded/) embeds the agent and the sandbox game.',
  ),
  layer(
    ['apps/agent/src/rehearsal/side-process.ts'],
    ['@tradedesk/server', '@tradedesk/web'],
    'the rehearsal side process embeds the sandbox game only.',
  ),
  {
    files: ['apps/server/src/embedded/**/*.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/game-sim/**/*.test.ts', 'apps/game-sim/test/**/*.ts'],
    rules: forbid(
      ['@tradedesk/engine', '@tradedesk/server', '@tradedesk/agent', '@tradedesk/web'],
      'sim tests may use game-client for conformance only.',
    ),
  },
);
