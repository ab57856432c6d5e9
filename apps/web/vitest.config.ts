import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    env: { TZ: 'UTC' },
    // Above the 15 s wait of findBy*/waitFor (src/test/setup.ts), so a slow wait fails with its own
    // message; a form test typing into many fields took 17 s on a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
