import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay readable and whole: a short README whose first screen has the two commands, no Markdown line wider
 * than a screen (a long table is a list), and no relative link between the docs to a file or heading that is not there.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_LINE = 160;

/** Every Markdown file git knows of or would add (tracked, or new and not ignored), outside node_modules. */
function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n').filter(Boolean))]
    .filter((file) => !file.split('/').includes('node_modules') && fs.existsSync(path.join(ROOT, file)))
    .sort();
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The lines outside fenced code blocks, with their numbers, as written and with inline code blanked. */
function prose(text: string): { line: string; plain: string; number: number }[] {
  const out: { line: string; plain: string; number: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (!fenced) out.push({ line, plain: line.replace(/`[^`]*`/g, '``'), number: i + 1 });
  });
  return out;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped (letters with accents kept), spaces as -. */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_ -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2…, as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of prose(read(file))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slugOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

interface Link {
  file: string;
  number: number;
  target: string;
}

/** Relative links and image sources of a file: Markdown `[..](..)` / `![..](..)` and HTML `src`/`href`. */
function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const { plain, number } of prose(read(file))) {
    for (const match of plain.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|(?:src|href)="([^"]+)"/g)) {
      const target = match[1] ?? match[2]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:…
      links.push({ file, number, target });
    }
  }
  return links;
}

/** What is wrong with a relative link, or null. */
function brokenLink({ file, target }: Link): string | null {
  const [pathPart, anchor] = target.split('#') as [string, string | undefined];
  const resolved = pathPart ? path.normalize(path.join(path.dirname(file), decodeURI(pathPart))) : file;
  if (resolved.startsWith('..')) return 'aponta para fora do repositório';
  if (!fs.existsSync(path.join(ROOT, resolved))) return `${resolved} não existe`;
  if (anchor === undefined) return null;
  if (!resolved.endsWith('.md')) return `âncora num arquivo que não é Markdown (${resolved})`;
  return anchorsOf(resolved).has(decodeURIComponent(anchor)) ? null : `${resolved} não tem o título #${anchor}`;
}

describe('the docs', () => {
  const files = markdownFiles();

  it('finds the README and the pages of docs/', () => {
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(10);
  });

  it('keeps the README under 200 lines, with both commands on its first screen', () => {
    const lines = read('README.md').split('\n');
    if (lines.at(-1) === '') lines.pop();
    expect(lines.length).toBeLessThan(200);
    const firstScreen = lines.slice(0, 30).join('\n');
    expect(firstScreen).toContain('npm ci && npm start');
    expect(firstScreen).toContain('npm test');
  });

  it(`has no Markdown line over ${MAX_LINE} characters (a long table becomes a list)`, () => {
    const long = files.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, length: [...line].length }))
        .filter((l) => l.length > MAX_LINE)
        .map((l) => `${l.where} (${l.length})`),
    );
    expect(long).toEqual([]);
  });

  it('has every relative link pointing to a file and heading that exist', () => {
    const broken = files.flatMap((file) =>
      linksOf(file).flatMap((link) => {
        const problem = brokenLink(link);
        return problem ? [`${link.file}:${link.number} → ${link.target}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('makes anchors the way GitHub does', () => {
    expect(slugOf('Mensalidades: multa, juros e descontos')).toBe('mensalidades-multa-juros-e-descontos');
    expect(slugOf('Frequência (diário de classe)')).toBe('frequência-diário-de-classe');
    expect(slugOf('A busca: `pg_trgm`')).toBe('a-busca-pg_trgm');
    expect(slugOf('O que foi feito e por quê')).toBe('o-que-foi-feito-e-por-quê');
  });
});
