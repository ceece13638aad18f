import { indicatorMethods } from './indicators';
import { pushMethods } from './push';

/**
 * The custom dataProvider methods of every area, one file per area (dataProvider/<area>.ts, each exporting
 * an object of methods built on `request`). Names are unique across areas: a method says what it does
 * (`getMyClasses`, `saveRollCall`), never a path.
 */
export const customMethods = {
  ...indicatorMethods,
  ...pushMethods,
};
