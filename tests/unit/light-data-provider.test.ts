import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { lightDataProvider } from '../../dataProvider/light';

/**
 * The screens the teacher's light app draws (src/admin/LightApp.tsx: Minhas aulas, its roll call and outbox, a team's
 * grade sheet). They call the light dataProvider (dataProvider/light.ts), which carries only its own areas' methods:
 * a call it lacks would fail on the teacher's phone alone, the back office having every method.
 */
const LIGHT_SCREENS = ['src/lessons', 'src/grades', 'src/teams/TeamDisciplinesPage.tsx'];

function sourcesOf(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(entry, f));
}

/** `api.getMyClasses(`, `dataProvider.saveRollCall(`: the methods a screen calls on the provider. */
function calledMethods(): Map<string, string> {
  const called = new Map<string, string>();
  for (const file of LIGHT_SCREENS.flatMap(sourcesOf)) {
    for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/\b(?:api|dataProvider)\.(\w+)\s*[(<]/g))
      called.set(name, file);
  }
  return called;
}

it("has every method the teacher's screens call, the very functions of the back office's provider", () => {
  const called = calledMethods();
  // The reading finds the calls (the roll call's, the grade sheet's), so an empty list does not pass for none missing.
  expect([...called.keys()]).toEqual(
    expect.arrayContaining(['getMyClasses', 'saveRollCall', 'getTeamDisciplines', 'saveGrades']),
  );
  const missing = [...called].filter(
    ([name]) => typeof (lightDataProvider as Record<string, unknown>)[name] !== 'function',
  );
  expect(missing).toEqual([]);
  for (const name of called.keys())
    expect((lightDataProvider as Record<string, unknown>)[name], name).toBe(
      (dataProvider as unknown as Record<string, unknown>)[name],
    );
});

it("carries none of the back office's areas (the census, invoices, imports)", () => {
  for (const name of ['getCensusProblems', 'getInvoicePage', 'uploadImport']) {
    expect(Object.keys(dataProvider)).toContain(name);
    expect(Object.keys(lightDataProvider)).not.toContain(name);
  }
});
