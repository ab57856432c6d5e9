import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'solver',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Tests must not depend on each other's order.
    sequence: { shuffle: true },
  },
});
