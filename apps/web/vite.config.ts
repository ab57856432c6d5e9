import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves this build in production; in development Vite forwards the API and sockets to it.
const serverAddress = 'http://127.0.0.1:8080';

const domainModule = /[\\/]packages[\\/]domain[\\/]/;
// The app's own modules declare components, hooks and stores; only main.tsx and the CSS act on import.
const appModule = /[\\/]apps[\\/]web[\\/]src[\\/](?!main\.tsx$).+\.tsx?$/;

export default defineConfig(() => {
  return {
    root: import.meta.dirname,
    plugins: [react(), tailwindcss()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Which chunks each page loads, for the route budgets (build/route-budgets.ts).
      manifest: true,
      rolldownOptions: {
        // The domain package only declares tables, schemas and functions. Saying so lets the
        // bundler drop the domain modules the app never uses (5 kB gzip off the start-up download).
        // The same for the app's modules: a feature's index re-exports its pages and forms, and a
        // page that needs one hook from it must not download the rest (the sign-in form's library).
        treeshake: {
          moduleSideEffects: [
            { test: domainModule, sideEffects: false },
            { test: appModule, sideEffects: false },
          ],
        },
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
