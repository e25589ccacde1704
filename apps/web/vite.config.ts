import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// The API serves the built storefront in production; in development Vite serves it and
// forwards API and image requests to a locally running API (docs/decisions/020).
const apiTarget = 'http://localhost:3101';

/**
 * The storefront is written against React's API and runs on Preact: every import of react and
 * react-dom (ours, react-router's, react-toastify's, react-hook-form's, the JSX runtime's) is
 * Preact's compatibility layer, a quarter of React DOM's size (docs/decisions/137). Deleting
 * these two lines goes back to React.
 */
const REACT_ON_PREACT = { react: 'preact/compat', 'react-dom': 'preact/compat' };

/**
 * Preact's development checks (hook misuse, duplicate keys, bad nesting) in `npm run dev`, loaded
 * before the app as React's development build had its own; never in the build.
 */
const preactDebugInDev: Plugin = {
  name: 'vastra:preact-debug',
  apply: 'serve',
  // Bundled with the other dependencies, so it hooks into the one copy of Preact they share.
  config: () => ({ optimizeDeps: { include: ['preact/debug'] } }),
  transform(code, id) {
    if (id.endsWith('/src/app/main.tsx')) return `import 'preact/debug';\n${code}`;
  },
};

export default defineConfig({
  plugins: [tailwindcss(), preactDebugInDev],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), ...REACT_ON_PREACT },
  },
  // Vite compiles JSX itself (no React plugin: React Fast Refresh cannot patch Preact's
  // components, so an edit reloads the page in development; docs/decisions/137).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    rolldownOptions: {
      onwarn(warning, warn) {
        // Expected and harmless: "use client" means nothing in a single-page app, and react-router
        // uses React 19's useOptimistic only where React has it (Preact does not).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic'))
          return;
        warn(warning);
      },
    },
    outDir: 'dist',
    // dist/.vite/manifest.json: the server names a route's chunks in its page's HTML, so a phone
    // fetches them with the first script (apps/api/src/modules/pages/route-chunks.ts, decision 149).
    manifest: true,
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
