import { dynamic, type Db } from '../db/connection';
import type { ResourceHooks } from '../crud/hooks';
import { validationError } from '../http/errors';
import { schoolYearFor, yearOf } from './years';

/** A team without a school year (the original API sends none) belongs to the year of its start date. */
export function teamYearHooks(db: Db): ResourceHooks {
  return {
    async prepareWrite(values, ctx) {
      if (ctx.mode !== 'create' || (values.school_year_id !== undefined && values.school_year_id !== null))
        return values;
      const start = String(values.start_date);
      const end = String(values.end_date);
      const year = yearOf(start);
      // A year created for a team spans that team's dates (the office adjusts them on the year's screen).
      return { ...values, school_year_id: await schoolYearFor(db, year, { start_date: start, end_date: end }) };
    },
  };
}

/** A school year starts in its own year: 2027's year may end in early 2028, never begin in 2026. */
export function schoolYearHooks(db: Db): ResourceHooks {
  return {
    async prepareWrite(values, ctx) {
      // Optional (a new year opens), but never emptied.
      if (values.status === null)
        throw validationError({ status: ['Escolha a situação do ano letivo: Aberto ou Encerrado.'] });
      let { year, start_date: start } = values;
      if (ctx.mode === 'update' && (year === undefined || start === undefined)) {
        const stored = await dynamic(db)
          .selectFrom('school_years')
          .select(['year', 'start_date'])
          .where('id', '=', ctx.id!)
          .executeTakeFirst();
        year ??= stored?.year;
        start ??= stored?.start_date;
      }
      if (year !== undefined && start !== undefined && yearOf(String(start)) !== Number(year))
        throw validationError({ start_date: [`O início deve ser em ${Number(year)}, o ano letivo.`] });
      return values;
    },
  };
}
