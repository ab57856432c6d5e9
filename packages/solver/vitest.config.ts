import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'solver',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Tests must not depend on each other's order.
    sequence: { shuffle: true },
    // Only stops a hang: a proof that takes 0.8 s on a quiet machine took 8.8 s at load 24, past
    // vitest's 5 s default, beside another test file.
    testTimeout: 30_000,
  },
});
