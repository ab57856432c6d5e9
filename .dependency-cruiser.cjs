// The server's dependency rules, checked by `npm run lint` (docs/decisions/server-modules.md says why).
// Layers of apps/server/src, lowest first; an import may only point down:
//   lib/, db/                       shared helpers and the one schema
//   modules/<support>/              accounts, auth, configuration, notifications, payments, prices, ...
//   runs/                           the run core every run kind shares (user channel, agent ports)
//   modules/<run kind>/             snipe, transfer, sbc, rehearsal, coin-market: independent of each other
//   realtime/, app.ts, ...          the wiring: builds the services and hands them to the hubs
const src = '^apps/server/src/';
const runKinds = '(snipe|transfer|sbc|rehearsal|coin-market)';
const wiring = `${src}(realtime/|cluster/|embedded/|web/|app\\.ts$|main\\.ts$|index\\.ts$)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle (type-only imports count too): split the shared part out.',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'lib-and-db-point-down',
      comment:
        'lib/ and db/ are the bottom layer: they import nothing of the modules, the run core or the wiring.',
      severity: 'error',
      from: { path: `${src}(lib|db)/` },
      to: { path: `${src}(modules|runs|realtime|cluster|embedded|web|config)/` },
    },
    {
      name: 'modules-never-import-the-wiring',
      comment: 'A module is handed what it needs; it never reaches up into the hubs or the app.',
      severity: 'error',
      from: { path: `${src}(lib|db|modules|runs)/` },
      to: { path: wiring },
    },
    {
      name: 'run-core-below-run-kinds',
      comment: 'The run core is shared by every run kind, so it imports none of them.',
      severity: 'error',
      from: { path: `${src}runs/` },
      to: { path: `${src}modules/${runKinds}/` },
    },
    {
      name: 'support-modules-below-run-kinds',
      comment: 'Support modules (accounts, statistics, ...) never import a run kind or the run core.',
      severity: 'error',
      from: { path: `${src}modules/`, pathNot: `${src}modules/${runKinds}/` },
      to: { path: [`${src}modules/${runKinds}/`, `${src}runs/`] },
    },
    {
      name: 'run-kinds-independent',
      comment:
        "A run kind never imports another run kind's internals; what two share lives in runs/. Only a kind's " +
        'user-facing texts (messages.ts) may be quoted by another.',
      severity: 'error',
      from: { path: `${src}modules/${runKinds}/` },
      to: {
        path: `${src}modules/${runKinds}/`,
        pathNot: [`${src}modules/$1/`, `${src}modules/[^/]+/messages\\.ts$`],
      },
    },
    {
      name: 'no-foreign-service',
      comment:
        "A module never builds or calls another module's service itself: the module that owns it decorates it " +
        '(lib/server-module.ts) and hands it over. Its type may be imported.',
      severity: 'error',
      from: { path: `${src}modules/([^/]+)/` },
      to: {
        path: `${src}modules/[^/]+/[^/]*service\\.ts$`,
        pathNot: `${src}modules/$1/`,
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist-types'] },
    // Type-only imports are dependencies too: a cycle of types is still a tangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
