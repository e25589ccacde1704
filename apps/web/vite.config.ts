import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves the built storefront in production; in development Vite serves it and
// forwards API and image requests to a locally running API (docs/decisions/020).
const apiTarget = 'http://localhost:3101';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Modern browsers only; keeps the shell small (docs/decisions/022).
    target: 'es2022',
    modulePreload: {
      // The shop owner's /admin chunk fetches what it needs itself when opened: its preload list
      // would otherwise sit in every shopper's first chunk (docs/decisions/085).
      resolveDependencies: (filename, deps) => (filename.includes('admin-routes') ? [] : deps),
    },
  },
});
