import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [
    react(),
    // The installable teacher and family apps (issue 36): src/sw.ts built to /sw.js with the list of the built files
    // to precache. The manifests are our own files in public/ (one per app), linked from index.html and main.tsx;
    // the worker is registered by src/pwa/register.ts, so nothing is injected into the page.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,webmanifest}'],
        // The admin's chunk (react-admin and MUI) is larger than Workbox's default 2 MiB.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written for whoever reads a stack trace on the server, never linked from the chunks,
    // and the server does not serve them (server/app.ts).
    sourcemap: 'hidden',
    // What each page loads, read by tests/unit/bundle.test.ts and the bench.
    manifest: true,
    chunkSizeWarningLimit: 2500,
    rollupOptions: {
      output: {
        // React and the router, each cached across releases. The router is a group of its own because the
        // home and /verificar are drawn without it (src/Shell.tsx). No other vendor group: a group shared by
        // the public pages and the admin (react-admin, all of MUI) would make every visitor download the
        // admin's share.
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/\/node_modules\/react-router(-dom)?\//.test(id)) return 'router';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
