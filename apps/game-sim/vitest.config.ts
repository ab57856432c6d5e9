import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'game-sim', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
