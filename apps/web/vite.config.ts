import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { siteFiles } from './build/site-files';

// The server serves this build in production; in development Vite forwards the API and sockets to it.
const serverAddress = 'http://127.0.0.1:8080';

const domainModule = /[\\/]packages[\\/]domain[\\/]/;

// The public address the sitemap and robots.txt point search engines to.
const siteUrlSchema = /^https?:\/\/[^\s/]+(\/[^\s]*)?$/;

export default defineConfig(({ mode }) => {
  const siteUrl = loadEnv(mode, import.meta.dirname, 'VITE_').VITE_SITE_URL || 'http://127.0.0.1:8080';
  if (!siteUrlSchema.test(siteUrl))
    throw new Error(`VITE_SITE_URL must be an http(s) address, got ${siteUrl}`);
  return {
    root: import.meta.dirname,
    plugins: [react(), tailwindcss(), siteFiles(siteUrl)],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        // The domain package only declares tables, schemas and functions. Saying so lets the
        // bundler drop the domain modules the app never uses (5 kB gzip off the start-up download).
        treeshake: { moduleSideEffects: [{ test: domainModule, sideEffects: false }] },
      },
    },
    server: {
      proxy: {
        '/api': serverAddress,
        '/client': serverAddress,
        '/socket.io': { target: serverAddress, ws: true },
      },
    },
  };
});
