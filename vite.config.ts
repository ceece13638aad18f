import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * ra-core's FieldTitle (the label of a list's column, a filter or an input) imports i18n/index, which through
 * useTranslateLabel, core/index and the store comes back to util/index, the barrel that re-exports FieldTitle. Once
 * the teacher's light app and the back office shared ra-core's modules across chunks, that cycle crossed chunks
 * and Rollup warned of a "broken execution order" (FieldTitle undefined when a header or an input draws). These
 * imports, rewritten to the modules that define what they take, end the cycle: FieldTitle then depends on ten
 * small modules, none of them a barrel. Same modules, same behaviour; only the path changes.
 */
const RA_CORE_DIRECT_IMPORTS: Record<string, [string, string][]> = {
  'util/FieldTitle.js': [['"../i18n/index.js"', '"../i18n/useTranslateLabel.js"']],
  'i18n/useTranslateLabel.js': [
    [
      'import { getFieldLabelTranslationArgs } from "../util/index.js";',
      'import { getFieldLabelTranslationArgs } from "../util/getFieldLabelTranslationArgs.js";',
    ],
    [
      'import { useResourceContext, useOptionalSourceContext } from "../core/index.js";',
      'import { useResourceContext } from "../core/useResourceContext.js";\n' +
        'import { useOptionalSourceContext } from "../core/SourceContext.js";',
    ],
  ],
};

function raCoreDirectImports(): Plugin {
  return {
    name: 'secretaria:ra-core-direct-imports',
    transform(code, id) {
      const file = /\/node_modules\/ra-core\/dist\/(.+)$/.exec(id)?.[1];
      const rewrites = file ? RA_CORE_DIRECT_IMPORTS[file] : undefined;
      if (!rewrites) return null;
      let fixed = code;
      for (const [from, to] of rewrites) {
        // A new ra-core that moved these imports must not pass silently with the cycle back.
        if (!fixed.includes(from))
          this.error(`ra-core mudou (${file}): reveja RA_CORE_DIRECT_IMPORTS em vite.config.ts`);
        fixed = fixed.replace(from, to);
      }
      return { code: fixed, map: null };
    },
  };
}

/**
 * Each built text file written again beside itself as .br and .gz, for the server to send as they are (issue 36:
 * @fastify/static's preCompressed): the teacher's first load is ~250 kB on the wire instead of ~850 kB, without
 * compressing at every request. Small files (under 1 kB) and the source maps stay as they are.
 */
function preCompressed(): Plugin {
  let outDir = '';
  return {
    name: 'secretaria:pre-compressed',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa wrote sw.js (its closeBundle runs first: it is listed before).
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|webmanifest)$/.test(file)) continue;
          const data = fs.readFileSync(file);
          if (data.length < 1024) continue;
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          );
        }
      },
    },
  };
}

/** The modules each way in goes through, in order: their chunks are fetched together (src/startRoute.ts). */
const ROUTES: Record<string, string[]> = {
  teacher: ['src/App.tsx', 'src/admin/LightApp.tsx', 'src/lessons/LessonsPage.tsx'],
  portal: ['src/App.tsx', 'src/portal/PortalApp.tsx'],
};

/**
 * Writes into index.html, as data (a JSON script the browser does not run), the files of the teacher's roll call and
 * of the family portal's home beyond the first script's (issue 36). The page's first script preloads those of its
 * address at once, instead of the router finding the light app, which would only then find the lessons' page: three
 * round trips of a phone's network become one. Every other address preloads nothing.
 */
function routeChunks(): Plugin {
  return {
    name: 'secretaria:route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        if (chunks.length === 0) return html;
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (fileName: string, seen: Set<string>) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const i of byFile.get(fileName)?.imports ?? []) closure(i, seen);
        };
        const first = new Set<string>();
        for (const c of chunks) if (c.isEntry) closure(c.fileName, first);
        const map: Record<string, string[]> = {};
        for (const [route, sources] of Object.entries(ROUTES)) {
          const seen = new Set<string>();
          for (const source of sources) {
            const owner = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${source}`)));
            if (!owner) throw new Error(`${source} não está em nenhum chunk do build (ROUTES em vite.config.ts)`);
            closure(owner.fileName, seen);
          }
          map[route] = [...seen].filter((f) => !first.has(f)).map((f) => `/${f}`);
        }
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'route-chunks' },
              children: JSON.stringify(map),
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

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
    routeChunks(),
    preCompressed(),
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
      plugins: [raCoreDirectImports()],
      // A module cycle across chunks runs modules out of order (a list's header undefined when it draws): every
      // build stops on it, the one `npm test` makes and reuses too (tests/unit/bundle.test.ts collects it otherwise).
      onwarn(warning, warn) {
        if (warning.code === 'CYCLIC_CROSS_CHUNK_REEXPORT') throw new Error(`Ciclo entre chunks: ${warning.message}`);
        warn(warning);
      },
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
