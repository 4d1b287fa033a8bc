// The layers of Quarterdeck's source and what each may import (docs/architecture.md), checked by
// dependency-cruiser from test/foundation/dependencies.test.ts. Every folder (or top-level file)
// of src/ and web/ belongs to exactly one layer; a new folder is added to the `paths` of the layer
// it belongs to, or the suite fails naming its files. Imports inside a layer are free, but never
// in a cycle (type-only imports count).

/** Lowest first. `imports`: the layers this one may use, besides itself. */
const LAYERS = [
  // The API as its clients see it: the typed client, and what the server shares with its clients
  // (the values lists of the API, the readiness score, the CSV writer). The console's one way in.
  { name: 'sdk', paths: ['src/sdk/'], imports: [] },
  // Rules with no I/O: the vocabulary of the server.
  { name: 'domain', paths: ['src/domain/'], imports: ['sdk'] },
  { name: 'config', paths: ['src/config.ts', 'src/heap.ts', 'src/admin-token.ts'], imports: ['sdk', 'domain'] },
  { name: 'db', paths: ['src/db/'], imports: ['sdk', 'domain', 'config'] },
  { name: 'repositories', paths: ['src/repositories/'], imports: ['sdk', 'domain', 'db'] },
  // The API's shapes and the one validator: below the data path, since ingestion validates with it.
  { name: 'schemas', paths: ['src/schemas/'], imports: ['sdk', 'domain', 'db', 'repositories'] },
  { name: 'telemetry', paths: ['src/telemetry/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas'] },
  { name: 'analytics', paths: ['src/analytics/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas', 'telemetry'] },
  // The git hosts' webhooks: one file per provider, read into the one shape outcomes count.
  { name: 'git-hosts', paths: ['src/git-hosts/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas'] },
  // The OTLP codec, the agents' translators and the consumer that hands their events to telemetry.
  { name: 'otlp', paths: ['src/otlp/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas', 'telemetry'] },
  { name: 'services', paths: ['src/services/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories'] },
  { name: 'jobs', paths: ['src/jobs/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas', 'telemetry', 'analytics', 'git-hosts', 'otlp', 'services'] },
  { name: 'http', paths: ['src/http/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas', 'otlp', 'services'] },
  { name: 'routes', paths: ['src/routes/'], imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas', 'telemetry', 'analytics', 'git-hosts', 'otlp', 'services', 'http'] },
  { name: 'grpc', paths: ['src/grpc/'], imports: ['sdk', 'domain', 'config', 'otlp', 'http'] },
  // The server put together: the app, its jobs, its listeners.
  {
    name: 'server',
    paths: ['src/app.ts', 'src/server.ts', 'src/main.ts'],
    imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas', 'telemetry', 'analytics', 'git-hosts', 'otlp', 'services', 'jobs', 'http', 'routes', 'grpc'],
  },
  // The readiness evaluator: reads a checkout's files and git metadata; no server part.
  { name: 'readiness', paths: ['src/readiness/'], imports: ['sdk', 'domain'] },
  // Programs that run beside an agent on a developer's machine: they speak to the server through
  // the SDK; the computer agent runs the readiness evaluator in-process (docs/readiness.md).
  { name: 'agent-side', paths: ['src/agent/', 'src/hooks/'], imports: ['sdk', 'domain', 'readiness'] },
  // The command line and the demo: programs over everything.
  {
    name: 'programs',
    paths: ['src/cli/', 'src/demo/'],
    imports: ['sdk', 'domain', 'config', 'db', 'repositories', 'schemas', 'telemetry', 'analytics', 'git-hosts', 'otlp', 'services', 'jobs', 'http', 'routes', 'grpc', 'server', 'agent-side', 'readiness'],
  },
  // The console: a client of the API like any other.
  { name: 'web', paths: ['web/'], imports: ['sdk'] },
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (paths) => paths.map((path) => `^${escape(path)}${path.endsWith('/') ? '' : '$'}`);
const byName = new Map(LAYERS.map((layer) => [layer.name, layer]));
const pathsOf = (names) => names.flatMap((name) => byName.get(name).paths);

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'in-a-layer',
      comment: 'Each file of src/ and web/ belongs to a layer (.dependency-cruiser.cjs, LAYERS).',
      severity: 'error',
      from: { path: '^(src|web)/', pathNot: pattern(pathsOf(LAYERS.map((layer) => layer.name))) },
      to: {},
    },
    ...LAYERS.map((layer) => ({
      name: `layer-${layer.name}`,
      comment: `${layer.name} may import only ${layer.imports.length ? layer.imports.join(', ') : 'nothing of ours'}.`,
      severity: 'error',
      from: { path: pattern(layer.paths) },
      to: { path: '^(src|web)/', pathNot: pattern([...layer.paths, ...pathsOf(layer.imports)]) },
    })),
    {
      name: 'route-folders-apart',
      comment: 'No route group imports from another: what two share lives below src/routes.',
      severity: 'error',
      from: { path: '^src/routes/([^/]+)/' },
      to: { path: '^src/routes/[^/]+/', pathNot: '^src/routes/$1/' },
    },
    {
      name: 'route-resources-apart',
      comment: 'No resource folder imports from a sibling resource folder: what two share lives in their group or below.',
      severity: 'error',
      from: { path: '^src/routes/([^/]+)/([^/]+)/' },
      to: { path: '^src/routes/$1/[^/]+/', pathNot: '^src/routes/$1/$2/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
  },
};
