import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves this build in production; in development Vite forwards the API and sockets to it.
const serverAddress = 'http://127.0.0.1:8080';

const domainModule = /[\\/]packages[\\/]domain[\\/]/;

export default defineConfig(() => {
  return {
    root: import.meta.dirname,
    plugins: [react(), tailwindcss()],
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
