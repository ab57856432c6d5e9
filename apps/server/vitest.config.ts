import { defineConfig } from 'vitest/config';

// PGlite costs seconds and ~450 MB per instance: one template per worker (isolate: false keeps
// it alive across files), cloned per file, and at most two workers on this 2-core machine.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { TZ: 'UTC' },
    // Generous: a loaded 2-core machine must not turn a slow sandbox round into a failure.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
    // Its own group: projects with different worker counts must not share one (vitest 4).
    sequence: { groupOrder: 1, shuffle: { files: false, tests: true } },
  },
});
