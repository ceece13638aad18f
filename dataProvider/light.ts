import type { DataProvider } from 'react-admin';
import { accountMethods } from './account';
import { crud } from './crud';
import { gradeMethods } from './grades';
import { lessonMethods } from './lessons';
import { pushMethods } from './push';
import { teamMethods } from './teams';

/**
 * The teacher's screens' dataProvider (src/admin/LightApp.tsx, issue 36): react-admin's generic calls and the custom
 * methods of the areas those screens use — Minhas aulas and its roll call, the grade sheet (turmas/{id}/disciplinas),
 * the account and the device's notices — the same modules the back office's dataProvider (dataProvider/index.ts)
 * spreads with every other area's. A method a light screen calls must be here: tests/unit/light-data-provider.test.ts
 * reads those screens' calls.
 */
export const lightDataProvider = {
  ...crud,
  ...accountMethods,
  ...gradeMethods,
  ...lessonMethods,
  ...pushMethods,
  ...teamMethods,
} satisfies DataProvider;
