import fs from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_V8_FLAGS } from '../../scripts/server-flags.mjs';

/** `npm start`, the bench and the operators' docs run the server with the same V8 options (issue 37's memory). */
it('gives npm start and the operators the V8 options the bench measured', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const flags = SERVER_V8_FLAGS.join(' ');
  expect(pkg.scripts.start).toBe(`node ${flags} scripts/start.mjs`);
  const docs = fs.readFileSync('docs/operacao/varias-instancias.md', 'utf8').replace(/\s+/g, ' ');
  expect(docs).toContain(`node ${flags} dist/server/main.mjs`);
  const install = fs.readFileSync('docs/operacao/instalacao.md', 'utf8').replace(/\s+/g, ' ');
  expect(install).toContain(`node ${flags} dist/server/main.mjs`);
});
