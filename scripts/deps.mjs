#!/usr/bin/env node
// `npm run deps`: the upkeep of the runtime dependencies at a glance, without an advisory service (`npm audit`
// cannot reach one from our machines). For each package in `dependencies`, and each one bundled into dist/server
// (BUNDLED_PACKAGES, kept in devDependencies): the installed version, the latest one on the registry, and its
// licence; then the licences of the whole production tree, read from the lock file. The registry is asked once, through `npm outdated`; when it does not answer, the
// latest column says "?" and the rest is still printed (everything else is read from disk).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_PACKAGES } from './server-bundle.mjs';

const root = join(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const pkg = readJson(join(root, 'package.json'));
const lock = readJson(join(root, 'package-lock.json'));

/** A licence as one string: package.json's `license`, or the old `licenses` array. */
function licenceOf(meta) {
  if (!meta) return '?';
  if (typeof meta.license === 'string') return meta.license;
  if (meta.license?.type) return meta.license.type;
  if (Array.isArray(meta.licenses)) return meta.licenses.map((l) => l.type ?? l).join(' OR ');
  return '?';
}

/** What is installed: node_modules first (the truth on this machine), the lock file otherwise. */
function installed(name) {
  const file = join(root, 'node_modules', name, 'package.json');
  if (existsSync(file)) {
    const meta = readJson(file);
    return { version: meta.version, licence: licenceOf(meta) };
  }
  const entry = lock.packages?.[`node_modules/${name}`];
  return entry ? { version: entry.version, licence: licenceOf(entry) } : { version: '-', licence: '?' };
}

/** `npm outdated --json` for `names`, or null when the registry did not answer. */
function outdated(names) {
  return new Promise((resolve) => {
    const npm = process.env.npm_execpath;
    const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
    const child = spawn(command, [...args, 'outdated', '--json', ...names], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.resume();
    const timer = setTimeout(() => child.kill(), Number(process.env.DEPS_TIMEOUT_MS ?? 60_000));
    child.on('error', () => resolve(null));
    // npm outdated exits 1 when something is outdated: the JSON, not the code, says whether it worked.
    child.on('close', () => {
      clearTimeout(timer);
      try {
        const data = JSON.parse(out || 'null');
        resolve(data && typeof data === 'object' && !data.error ? data : null);
      } catch {
        resolve(null);
      }
    });
  });
}

/** Semver's breaking step: the first component that is not 0 (0.28 → 0.29 breaks, as 7.x → 9.x does). */
function breaking(from, to) {
  const [a, b] = [from, to].map((v) => v.split('.').map(Number));
  const at = a[0] !== 0 ? 0 : a[1] !== 0 ? 1 : 2;
  return a.slice(0, at + 1).join('.') !== b.slice(0, at + 1).join('.');
}

const names = [...Object.keys(pkg.dependencies ?? {}), ...BUNDLED_PACKAGES].sort();
const report = await outdated(names);
const rows = names.map((name) => {
  const here = installed(name);
  const latest = report ? (report[name]?.latest ?? here.version) : '?';
  const mark = latest === '?' || latest === here.version ? '' : breaking(here.version, latest) ? 'major' : 'nova';
  return [BUNDLED_PACKAGES.includes(name) ? `${name}*` : name, here.version, latest, mark, here.licence];
});

const header = ['pacote', 'instalada', 'última', '', 'licença'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) =>
  cells
    .map((c, i) => String(c).padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(line(header));
for (const row of rows) console.log(line(row));

const behind = rows.filter((r) => r[3]).length;
console.log('* empacotado no dist/server pelo build (fica em devDependencies e não é instalado no servidor).');
console.log('');
console.log(
  report
    ? `${behind} de ${rows.length} dependências de produção têm versão nova no registro.`
    : 'O registro do npm não respondeu: a coluna "última" ficou com "?".',
);

// Every package a production install (`npm ci --omit=dev`) brings, by licence.
const counts = new Map();
const unknown = [];
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (!path || entry.dev || entry.link) continue;
  const licence = licenceOf(entry);
  if (licence === '?') unknown.push(path.replace(/^.*node_modules\//, ''));
  counts.set(licence, (counts.get(licence) ?? 0) + 1);
}
const total = [...counts.values()].reduce((a, b) => a + b, 0);
const summary = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l, n]) => `${l} ${n}`);
console.log(`Árvore de produção (package-lock.json): ${total} pacotes; licenças: ${summary.join(', ')}.`);
if (unknown.length)
  console.log(`Sem licença declarada no lock file: ${unknown.join(', ')} (veja o pacote em node_modules).`);
