import { defineConfig } from 'vitest/config';

// Two projects over one pool of two workers (docs/testing.md):
// - `shared`: the files run one after another in workers that keep the modules they loaded, so
//   the app's modules are imported once per worker rather than once per file;
// - `isolated`: the files that change module state on purpose (ids dated ahead, a faked clock),
//   each in a fresh worker so that no other file sees that state.
const ISOLATED = ['test/foundation/ids.test.ts', 'test/foundation/api-keys.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    reporters: ['default', './test/helpers/timing-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
