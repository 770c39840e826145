/**
 * The direction of the dependencies, checked by `npm run lint:deps` (part of `npm run lint` and `npm test`):
 * domain <- schemas <- db <- queries and use cases <- views and adapters <- deps and the runtime. A rule here names
 * an import that would run up (or close a cycle); `npm run deps:graph` draws the graph (docs/architecture.md).
 * The layer rules read run-time imports (a type names a port a lower layer defines, and runs nothing); a cycle is
 * refused through type imports too, as one closed through `AppDeps` once tied 44 files together.
 */
const server = (folders) => `^src/server/(${folders.join('|')})/`;

/**
 * The adapters: what talks to the outside world (HTTP and the pages' plumbing, jobs, mail, documents, payment
 * gateways, account security, boarding passes, pictures, the holiday calendar). A use case reaches them through
 * the ports of its context (use-cases/ports.ts).
 */
const adapters = [
  'http',
  'jobs',
  'mail',
  'documents',
  'payments',
  'auth',
  'boarding-pass',
  'images',
  'calendar',
];

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A cycle has no direction: one of its imports runs up. Move the shared part down a layer.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain holds pure rules: it imports nothing of ours but itself.',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'schemas-below-server',
      severity: 'error',
      comment: 'Schemas are shared by islands and the server: only the domain and other schemas below them.',
      from: { path: '^src/schemas/' },
      to: { path: '^src/', pathNot: '^src/(domain|schemas)/' },
    },
    {
      name: 'db-below-use-cases',
      severity: 'error',
      comment: 'The database layer only queries: it knows no use case, service, view or adapter.',
      from: { path: '^src/server/db/' },
      to: {
        path: '^src/',
        // Beside it at the bottom: the ferry network's data, the refusal every layer throws, and the log with the
        // request scope every layer writes under (observability/).
        pathNot: [
          '^src/(domain|schemas|server/db)/',
          '^src/server/(network|network-data|validation-errors)[.]ts$',
          '^src/server/observability/(log|metrics|request-scope)[.]ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'use-cases-below-adapters',
      severity: 'error',
      comment:
        'A use case is run by its doors and asks its context for side effects; it never imports a door.',
      from: { path: '^src/server/use-cases/' },
      to: {
        path: [server(adapters), '^src/(pages|islands|components|layouts|stores)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'services-below-adapters',
      severity: 'error',
      comment: 'Reads (services) serve the use cases, views and doors; they import none of the adapters.',
      from: { path: '^src/server/services/' },
      to: {
        path: [
          server([...adapters, 'use-cases', 'views']),
          '^src/(pages|islands|components|layouts|stores)/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'views-below-adapters',
      severity: 'error',
      comment:
        'Views (what pages, mails and documents show) are shown by the adapters; they import none of them.',
      from: { path: '^src/server/views/' },
      to: {
        path: [server(adapters), '^src/(pages|islands|components|layouts|stores)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-not-pages-or-islands',
      severity: 'error',
      comment: 'The server is imported by pages; it never imports a page, an island, a component or a store.',
      from: { path: '^src/server/' },
      to: { path: '^src/(pages|islands|components|layouts|stores)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'deps-passed-in',
      severity: 'error',
      comment:
        'The process builds its dependencies once, in the middleware (src/server/runtime.ts), and passes them in:' +
        ' pages read Astro.locals.deps, use cases their context. Nothing else looks them up.',
      from: { path: '^src/', pathNot: '^src/(middleware[.]ts|server/runtime[.]ts)$' },
      to: { path: '^src/server/runtime[.]ts$' },
    },
    {
      name: 'stores-below-islands',
      severity: 'error',
      comment: 'Stores are shared by the islands: they import no island.',
      from: { path: '^src/stores/' },
      to: { path: '^src/islands/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|src/paraglide)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { dot: { collapsePattern: '^src/[^/]+/[^/]+' } },
  },
};
