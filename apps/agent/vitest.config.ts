import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'agent',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous: these start sandbox worlds in their hooks, which takes tens of seconds on a loaded
    // 2-core machine running two test files at once; the limits only stop a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
