import { z } from 'zod';
import * as s from './schemas';
import type { LegacySource } from './source';

/** A student as read: the record with its enrolments, charges, documents, books and observations, and the rest. */
export interface StudentSnapshot {
  record: s.LegacyStudent;
  photo: Buffer | null;
  history: z.infer<typeof s.statusHistory>['data'];
  grades: z.infer<typeof s.grade>[];
  /** The files of its issued documents, by the document's old id. */
  files: Map<number, Buffer>;
  /** Contracts read from `file_url_contract` that no issued document of the list brings, by the enrolment's old id. */
  contracts: Map<number, Buffer>;
}

/** Everything read from the previous system, validated, before a row is written. */
export interface Snapshot {
  teachings: z.infer<typeof s.teaching>[];
  courses: z.infer<typeof s.course>[];
  disciplines: z.infer<typeof s.discipline>[];
  stages: z.infer<typeof s.stage>[];
  polos: z.infer<typeof s.polo>[];
  textDocuments: z.infer<typeof s.textDocument>[];
  grids: (z.infer<typeof s.grid> & { rows: z.infer<typeof s.gridRow>[] })[];
  teams: z.infer<typeof s.team>[];
  users: z.infer<typeof s.user>[];
  students: StudentSnapshot[];
}

/** How many things the reading is made of, for the progress bar: each list, each grid and each student. */
export type Progress = (done: number, total: number) => Promise<void>;

const LISTS = 9;

const isPdf = (file: Buffer | null): file is Buffer =>
  file !== null && file.subarray(0, 5).toString('latin1') === '%PDF-';

/** Reads the source in the contract's order; `progress` after each step. */
export async function readSnapshot(source: LegacySource, progress: Progress): Promise<Snapshot> {
  let done = 0;
  let total = LISTS;
  const step = async () => progress(++done, total);
  const list = async <T>(path: string, row: z.ZodType<T>) => {
    const rows = await source.all(path, row);
    await step();
    return rows;
  };
  const teachings = await list('/teachings', s.teaching);
  const courses = await list('/courses', s.course);
  const disciplines = await list('/disciplines', s.discipline);
  const stages = await list('/stages', s.stage);
  const polos = await list('/polos', s.polo);
  const textDocuments = await list('/text-documents', s.textDocument);
  const gridList = await list('/grids', s.grid);
  const teams = await list('/teams', s.team);
  const users = await list('/users', s.user);
  const studentList = await source.all('/students', s.studentRow);
  total += gridList.length + studentList.length;
  await step();

  const grids: Snapshot['grids'] = [];
  for (const g of gridList) {
    const rows = await source.get(
      `/grids/get-grid-template/${g.id}`,
      z.object({ data: z.array(s.gridRow).max(10_000) }),
    );
    grids.push({ ...g, rows: rows.data });
    await step();
  }

  const students: StudentSnapshot[] = [];
  for (const row of studentList) {
    const [record] = await source.get(`/students/${row.id}`, z.array(s.student).min(1));
    const photo = record.has_photo === false ? null : await source.file(`/students/${row.id}/get-image`);
    const history = (await source.get(`/students/${row.id}/status-history`, s.statusHistory)).data;
    const grades = await source.get(`/grades/${row.id}/get-grade-by-student`, z.array(s.grade).max(100_000));
    const files = new Map<number, Buffer>();
    for (const doc of record.documents ?? []) {
      if (doc.revoked_at) continue;
      const folder = doc.folder || doc.type.toLowerCase();
      const pdf = await source.file(
        `/documents/storage/${encodeURIComponent(folder)}/${encodeURIComponent(doc.file_name)}`,
      );
      if (isPdf(pdf)) files.set(doc.id, pdf);
    }
    const contracts = new Map<number, Buffer>();
    for (const r of record.registrations ?? []) {
      if (!r.file_url_contract) continue;
      // A contract issued as a document of the list came above, with its code; only a bare file is read here.
      const issued = (record.documents ?? []).some(
        (d) => d.type === 'CONTRACT' && d.registration_id === r.id && files.has(d.id),
      );
      if (issued) continue;
      const pdf = await source.fileAt(r.file_url_contract);
      if (isPdf(pdf)) contracts.set(r.id, pdf);
    }
    students.push({ record, photo, history, grades, files, contracts });
    await step();
  }
  return { teachings, courses, disciplines, stages, polos, textDocuments, grids, teams, users, students };
}
