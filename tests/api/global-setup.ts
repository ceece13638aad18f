import type { TestProject } from 'vitest/node';
import { buildChildBundle, removeChildBundle } from './support/child-bundle';
import { makePgTemplate, makeSqliteTemplate, removePgTemplate, removeSqliteTemplate } from './support/templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The plain prepared school on SQLite: a file each test server copies. */
    sqliteTemplate: string;
    /** The same on PostgreSQL: a database each test server copies ('' without TEST_DATABASE_URL). */
    pgTemplate: string;
    /** The folder of the server's entries and the child servers, bundled from the current source. */
    childBundle: string;
  }
}

/**
 * The plain prepared school, made once for the whole API run on each database (see support/templates.ts), and the
 * bundle the tests' processes run (support/child-bundle.ts), built by esbuild's own process meanwhile.
 */
export default async function setup(project: TestProject) {
  const [sqlite, postgres, bundle] = await Promise.all([
    makeSqliteTemplate(),
    process.env.TEST_DATABASE_URL ? makePgTemplate() : Promise.resolve(''),
    buildChildBundle(),
  ]);
  project.provide('sqliteTemplate', sqlite);
  project.provide('pgTemplate', postgres);
  project.provide('childBundle', bundle);
  return async () => {
    removeSqliteTemplate(sqlite);
    removeChildBundle(bundle);
    if (postgres) await removePgTemplate(postgres);
  };
}
