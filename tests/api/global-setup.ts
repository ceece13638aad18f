import type { TestProject } from 'vitest/node';
import { makePgTemplate, makeSqliteTemplate, removePgTemplate, removeSqliteTemplate } from './support/templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The plain prepared school on SQLite: a file each test server copies. */
    sqliteTemplate: string;
    /** The same on PostgreSQL: a database each test server copies ('' without TEST_DATABASE_URL). */
    pgTemplate: string;
  }
}

/** The plain prepared school, made once for the whole API run on each database (see support/templates.ts). */
export default async function setup(project: TestProject) {
  const [sqlite, postgres] = await Promise.all([
    makeSqliteTemplate(),
    process.env.TEST_DATABASE_URL ? makePgTemplate() : Promise.resolve(''),
  ]);
  project.provide('sqliteTemplate', sqlite);
  project.provide('pgTemplate', postgres);
  return async () => {
    removeSqliteTemplate(sqlite);
    if (postgres) await removePgTemplate(postgres);
  };
}
