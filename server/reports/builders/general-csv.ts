import { once } from 'node:events';
import { resources } from '../../../resources';
import { seesPersonal, teamsInReach, type ReportBuilder } from '../builder';
import { rowPages } from '../cursor';
import { csvLine, CSV_BOM } from '../general-csv';
import { generalRowsQuery, isGeneralColumn, toGeneralRow } from '../general';

const CSV_HEADER = ['Código do aluno', 'Aluno', 'Turma', 'Polo', 'Responsável', 'Grade'];

/**
 * The general report's whole filtered set as CSV, in a worker thread: the rows are sorted once by the
 * database and read through a cursor (sorting 100,000 enrolments per page of an OFFSET loop, on the request
 * loop, held every other request for the length of each sort). The route has already checked the parameters.
 */
export const generalCsv: ReportBuilder = async ({ db }, params, out) => {
  const sortBy = typeof params.sortBy === 'string' && isGeneralColumn(params.sortBy) ? params.sortBy : 'name';
  const query = await generalRowsQuery(
    db,
    resources,
    { search: String(params.search ?? ''), sortBy, desc: params.desc === 1, offset: 0 },
    { teams: teamsInReach(params), personal: seesPersonal(params) },
  );
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(CSV_BOM + csvLine(CSV_HEADER));
  for await (const page of rowPages<Record<string, unknown>>(db, query)) {
    await write(
      page
        .map((raw) => {
          const r = toGeneralRow(raw);
          return csvLine([r.student_id, r.name, r.team, r.polo, r.responsible, r.grid]);
        })
        .join(''),
    );
  }
};
