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

/** The public home's first load, and what /admin adds after sign-in, in gzip kB. */
export function bundleFigures(outDir) {
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const first = staticClosure(manifest, entry);
  const admin = Object.keys(manifest).find((k) => k.endsWith('src/admin/AdminApp.tsx'));
  const adminOnly = staticClosure(manifest, admin).filter((k) => !first.includes(k));
  const kB = (keys) => +(keys.reduce((n, k) => n + gzipBytes(outDir, manifest[k].file), 0) / 1024).toFixed(1);
  return {
    firstLoadJsGzipKb: kB(first),
    firstLoadChunks: first.map((k) => manifest[k].file),
    adminAfterSignInJsGzipKb: kB(adminOnly),
    adminChunks: adminOnly.map((k) => manifest[k].file),
  };
}

/** A lazily loaded page's own chunks, on top of the entry's (the first load of that address). */
export function pageFigures(outDir, source) {
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const first = staticClosure(manifest, entry);
  const key = Object.keys(manifest).find((k) => k.endsWith(source));
  const keys = [...new Set([...first, ...staticClosure(manifest, key)])];
  return { jsGzipKb: +(keys.reduce((n, k) => n + gzipBytes(outDir, manifest[k].file), 0) / 1024).toFixed(1), chunks: keys.map((k) => manifest[k].file) };
}
