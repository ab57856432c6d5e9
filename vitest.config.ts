import { defineConfig } from 'vitest/config';

// Each workspace with tests has its own vitest.config.ts; this file only lists them.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
    // Vitest's default is one worker less than the cores: on the 2-core CI runner the projects
    // before the server's ran one file at a time (310 of 746 s, with a core idle).
    maxWorkers: 2,
  },
});
