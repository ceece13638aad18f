import { indicatorMethods } from './indicators';
import { listMethods } from './lists';

/**
 * The custom dataProvider methods of every area, one file per area (dataProvider/<area>.ts, each exporting
 * an object of methods built on `request`). Names are unique across areas: a method says what it does
 * (`getMyClasses`, `saveRollCall`), never a path.
 */
export const customMethods = {
  ...indicatorMethods,
  ...listMethods,
};
