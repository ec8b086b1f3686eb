/**
 * The import rules `npm run check:imports` holds the code to (dependency-cruiser, resolving the
 * `@/` paths of tsconfig.json): no import cycles (only the emulator's routes may take the Emulator
 * as a type), the background's modules (lib/background) reached only from the background's
 * entrypoint, from each other and from tests, and lib/storage.ts taking only shapes from the
 * capabilities whose items it holds.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that cannot be understood, tested or loaded one without the other.',
      from: { pathNot: '^emulator/' },
      // Outside the emulator no cycle at all, not even one closed only through `import type`: a
      // shape that two modules need lives in a third (lib/background/services.ts).
      to: { circular: true },
    },
    {
      name: 'no-circular-emulator',
      severity: 'error',
      comment: 'An import cycle in the emulator that would load at run time.',
      from: { path: '^emulator/' },
      // A cycle that closes only through `import type` is none at run time: the emulator's routes
      // take the Emulator as a type. Every other cycle fails.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'background-is-private',
      severity: 'error',
      comment:
        'lib/background is the service worker: only entrypoints/background.ts, lib/background itself and tests import it. Pages and shared contracts take what they need from lib/<capability>.',
      from: {
        pathNot: ['^lib/background/', '^entrypoints/background\\.ts$', '^tests/', '\\.test\\.tsx?$'],
      },
      to: { path: '^lib/background/' },
    },
    {
      name: 'storage-holds-shapes-only',
      severity: 'error',
      comment:
        "lib/storage.ts is the home of every stored item: it takes the shapes it stores from the capabilities as types, and values only from modules of shapes and constants (a types.ts) or the stores it is built on (and the page-storage key it lists), never a capability's code.",
      from: { path: '^lib/storage\\.ts$' },
      to: {
        path: '^lib/',
        // popup-snapshot/key.ts: the one page-storage key, a leaf the popup's first script carries.
        pathNot: [
          '/types\\.ts$',
          '^lib/(databases|kv|trusted-settings)\\.ts$',
          '^lib/popup-snapshot/key\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.output|\\.wxt|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.imports.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
