import { layout2026, type Layout } from './2026';

/** The layout of each census year INEP published; next year's is one more file and one more line here. */
const LAYOUTS: Record<number, Layout> = { 2026: layout2026 };

export const CENSUS_YEARS = Object.keys(LAYOUTS).map(Number);

/** The layout of a census year, or undefined when INEP's layout of that year is not in the project. */
export function layoutOf(year: number): Layout | undefined {
  return LAYOUTS[year];
}
