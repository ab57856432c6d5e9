// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The one-way package dependencies of docs/architecture.md:
 * domain <- game-client <- engine <- agent; domain <- server, web, game-sim, extension; domain <- solver.
 * Nothing imports an app, except the server's composition root, which embeds the
 * sandbox game and one agent in-process, and the agent's rehearsal side process, which builds a
 * private sandbox world beside its session (see docs/decisions/foundation.md).
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
/** One no-restricted-imports rule from several [names, why] groups (a later config's rule replaces, never merges). */
const restrictedImports = (groups) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [],
      patterns: groups.flatMap(([names, why]) =>
        names.map((name) => ({ group: [name, `${name}/*`], message: why })),
      ),
    },
  ],
});

const serverEmbeds = ['@tradedesk/web', '@tradedesk/agent', '@tradedesk/game-sim'];
const serverEmbedsWhy =
  'only the composition root (apps/server/src/embedded/) embeds the agent and the sandbox game.';
const drizzleWhy =
  "SQL lives in the module's repository (repo.ts or <name>-repo.ts) and db/: call a repository function instead.";
/** Where the server may import drizzle-orm: the schema and client, and each module's repositories. */
const sqlFiles = ['apps/server/src/db/**/*.ts', 'apps/server/src/**/repo.ts', 'apps/server/src/**/*-repo.ts'];

/**
 * Borders inside the web app (docs/decisions/web.md): a feature (apps/web/src/features/<name>/)
 * imports only itself, common/ and the base layers; common/ imports no feature; the base layers
 * (lib, components, stores, utils, hooks, config, content) import neither. Pages in app/ and
 * routes/ compose features. Paths are resolved, so a relative import cannot slip past the rule.
 */
const webSrc = 'apps/web/src';
const webFeatures = readdirSync(`${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBaseLayers = ['lib', 'components', 'stores', 'utils', 'hooks', 'config', 'content'];
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message:
      'a web feature imports no other feature: move what two features share into apps/web/src/common/.',
  })),
  {
    target: `${webSrc}/common`,
    from: `${webSrc}/features`,
    message: 'apps/web/src/common/ serves the features and imports none of them.',
  },
  ...webBaseLayers.map((base) => ({
    target: `${webSrc}/${base}`,
    from: [`${webSrc}/features`, `${webSrc}/common`],
    message: 'the web base layers import neither features nor common/.',
  })),
];

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
  {
    // No source file over 400 lines (issue 27), counting every line; a file that must stay whole
    // says why on its first line: `/* eslint-disable max-lines -- <reason> */`.
    files: ['apps/*/src/**/*.{ts,tsx,js,mjs,cjs}', 'packages/*/src/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/bench/**', '**/e2e/**', '**/dist*/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }] },
  },
  {
    // Every live view goes through the one web-hub hook (tests may stand in for the socket).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...webZones,
            {
              target: `${webSrc}/features`,
              from: [`${webSrc}/lib/web-hub-socket.ts`, `${webSrc}/lib/socket-recovery.ts`],
              message:
                'a live view connects through apps/web/src/common/live (useWebHub), never with a socket of its own.',
            },
          ],
        },
      ],
    },
  },
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
  // The server: only the composition root embeds the agent and the sandbox game, and only the
  // repositories and db/ speak SQL (docs/decisions/server-modules.md).
  {
    files: ['apps/server/src/**/*.ts'],
    rules: restrictedImports([
      [serverEmbeds, serverEmbedsWhy],
      [['drizzle-orm'], drizzleWhy],
    ]),
  },
  {
    files: sqlFiles,
    rules: restrictedImports([[serverEmbeds, serverEmbedsWhy]]),
  },
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
