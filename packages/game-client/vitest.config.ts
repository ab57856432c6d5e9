import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'game-client', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
