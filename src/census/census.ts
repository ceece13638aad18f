import { schoolDayOf } from '../../resources/format';

/** The permission of the census screens (server/census/routes.ts). */
export const CENSUS_ACCESS = 'census.manage';

export const CENSUS_PATH = '/admin/censo';

/** The census year the office works on: the school's calendar year. */
export const censusYear = (): number => Number(schoolDayOf().slice(0, 4));

/** The census' data belong to the students first: a student saved refreshes the count. */
export const censusKey = (year: number) => ['alunos', 'censo', year] as const;

export const pendencias = (n: number) => `${n} ${n === 1 ? 'pendência' : 'pendências'}`;
