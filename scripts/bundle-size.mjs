// What a first visit downloads: the JavaScript an HTML entry loads before anything is lazily imported
// (its file and every chunk it imports statically, from Vite's manifest), in gzip bytes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function readManifest(outDir) {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
}

/** Chunks loaded with `key` (itself and its static imports, transitively). */
export function staticClosure(manifest, key) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k]?.imports ?? []) visit(i);
  };
  visit(key);
  return [...seen];
}

export function gzipBytes(outDir, file) {
  return zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
}

/** What every address loads first (the entry and its static imports), and what /admin adds after sign-in, in gzip kB. */
export function bundleFigures(outDir) {
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const first = staticClosure(manifest, entry);
  const admin = pageKey(manifest, 'src/admin/AdminApp.tsx');
  const adminOnly = staticClosure(manifest, admin).filter((k) => !first.includes(k));
  const kB = (keys) => +(keys.reduce((n, k) => n + gzipBytes(outDir, manifest[k].file), 0) / 1024).toFixed(1);
  return {
    firstLoadJsGzipKb: kB(first),
    firstLoadChunks: first.map((k) => manifest[k].file),
    adminAfterSignInJsGzipKb: kB(adminOnly),
    adminChunks: adminOnly.map((k) => manifest[k].file),
  };
}

/**
 * The manifest key of a lazily loaded page. Rollup names the chunk after the page's path only when the
 * page is the chunk's sole entrance; when other lazy chunks import modules it holds (HomePage's parts
 * loaded later), the key is `_HomePage-<hash>.js`, a dynamic entry named after the page.
 */
export function pageKey(manifest, source) {
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  const key =
    Object.keys(manifest).find((k) => k.endsWith(source)) ??
    Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
  if (!key) throw new Error(`${source} não está no manifesto do build`);
  return key;
}

/**
 * The first load of a lazily loaded page's address: the entry's chunks, those of the lazy modules the
 * address goes through first (`['src/App.tsx']` for a page the router draws; none for the home and
 * /verificar, drawn without it by src/Shell.tsx), and the page's own.
 */
export function pageFigures(outDir, source, through = []) {
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const keys = [
    ...new Set(
      [entry, ...through, source].flatMap((k) => staticClosure(manifest, k === entry ? k : pageKey(manifest, k))),
    ),
  ];
  return {
    jsGzipKb: +(keys.reduce((n, k) => n + gzipBytes(outDir, manifest[k].file), 0) / 1024).toFixed(1),
    chunks: keys.map((k) => manifest[k].file),
  };
}

/**
 * The teacher's first load of /admin/minhas-aulas (the light app, src/admin/LightApp.tsx) and its budget (issue 36).
 * The light app loads no resource config nor the report registry (authProvider/access.ts and the generic calls of
 * dataProvider/crud.ts load them when first asked) and only its own areas' dataProvider methods
 * (dataProvider/light.ts): 240.7 kB after the census had taken it to 257.4.
 */
export const TEACHER_BUDGET_KB = 250;
/** The family's first load of /portal (home included) and its budget (issue 36). */
export const PORTAL_BUDGET_KB = 200;

/** What a teacher opening Minhas aulas and a family opening the portal download first, in gzip kB. */
export function phoneFigures(outDir) {
  return {
    teacher: pageFigures(outDir, 'src/lessons/LessonsPage.tsx', ['src/App.tsx', 'src/admin/LightApp.tsx']),
    portal: pageFigures(outDir, 'src/portal/PortalApp.tsx', ['src/App.tsx']),
  };
}
