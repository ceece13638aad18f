import type { FastifyInstance } from 'fastify';
import type { Area } from '../area';
import { registerCertificateRoutes } from './certificate-routes';
import { registerHistoryRoutes } from './history-routes';
import { documentByBuiltName } from './original-names';
import { registerStoreDocumentRoute } from './store-route';
import { z } from 'zod';
import { logStudentAccess } from '../audit/access';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { conflict, idParam, notFound, parseOr422, validationError } from '../http/errors';
import { idSchema } from '../http/ids';
import { isStorageKey, type Storage } from '../storage/storage';
import { students } from '../../resources/students';
import { inReach } from '../crud/scope';

/** What the office reads once a document is revoked. */
export const REVOKED_MESSAGE =
  'Documento revogado: o código deixou de valer e a página pública de verificação informa a revogação.';

/** Where a document's file lives: the server named it `<uuid>.pdf` under `documents/`. */
export function documentKey(fileName: string): string | null {
  const key = `documents/${fileName}`;
  return isStorageKey(key) ? key : null;
}

/** The name a download is saved under: the issued name, reduced to characters every header and disk accept. */
export function downloadName(row: Record<string, unknown>): string {
  const issued =
    typeof row.document_name === 'string' ? row.document_name.normalize('NFD').replace(/[^\w.-]+/g, '_') : '';
  return issued || `${String(row.type).toLowerCase()}-${Number(row.id)}.pdf`;
}

/**
 * A professor given document permissions reaches only the documents of the students of their teams: another
 * student's is not found, as `/students/{id}` answers (`teams` undefined: the whole school).
 */
async function studentInReach(db: Db, teams: number[] | undefined, studentId: number): Promise<boolean> {
  if (!teams) return true;
  const found = await dynamic(db)
    .selectFrom('students as r')
    .select('r.id')
    .where('r.id', '=', studentId)
    .where(inReach(students, teams, 'r'))
    .executeTakeFirst();
  return found !== undefined;
}

async function assertStudentInReach(db: Db, teams: number[] | undefined, studentId: number): Promise<void> {
  if (!(await studentInReach(db, teams, studentId))) throw notFound('Documento não encontrado.');
}

const moveSchema = z.object({
  student_id: idSchema('Selecione o aluno.'),
});

/**
 * A student's issued documents: download, move to another student, revoke. Folder and file from the
 * URL are only looked up in the database; the file is opened by the key the server stored.
 */
export function registerDocumentRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  const k = dynamic(db);
  // By the key the server made or, for a document a client uploaded, by the name it gave (the newest not revoked),
  // or by the name the original client builds for an enrolment's document. A revoked document keeps its key: the
  // office still opens it from the student's list, while a name no longer finds it.
  const byPath = async (folder: string, file: string) => {
    const inFolder = () => k.selectFrom('documents').selectAll().where('folder', '=', folder);
    const row =
      (await inFolder().where('file_name', '=', file).executeTakeFirst()) ??
      (await inFolder()
        .where('document_name', '=', file)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst()) ??
      (await documentByBuiltName(db, folder, file));
    if (!row) throw notFound('Documento não encontrado.');
    return row;
  };

  app.get<{ Params: { folder: string; file: string } }>(
    '/documents/storage/:folder/:file',
    // An issued document carries the student's personal data (CPF, RG, birth, parents).
    { config: { access: 'students.personal' } },
    async (request, reply) => {
      const row = await byPath(request.params.folder, request.params.file);
      await assertStudentInReach(db, request.teams, Number(row.student_id));
      const key = documentKey(String(row.file_name));
      const content = key ? await storage.get(key) : null;
      if (!content) throw notFound('O arquivo deste documento não foi encontrado.');
      await logStudentAccess(db, request, {
        studentId: Number(row.student_id),
        action: 'document',
        detail: downloadName(row),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${downloadName(row)}"`)
        .send(content);
    },
  );

  app.put<{ Params: { id: string } }>('/documents/:id', { config: { access: 'students.write' } }, async (request) => {
    const id = idParam(request.params.id);
    const row = await k.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Documento não encontrado.');
    await assertStudentInReach(db, request.teams, Number(row.student_id));
    const { student_id } = parseOr422(moveSchema, request.body);
    const student = await k.selectFrom('students').select('id').where('id', '=', student_id).executeTakeFirst();
    if (!student || !(await studentInReach(db, request.teams, student_id)))
      throw validationError({ student_id: ['O aluno selecionado não existe.'] });
    await inTransaction(db, async (tx) => {
      await dynamic(tx)
        .updateTable('documents')
        .set({ student_id: student_id, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      await audit(tx, {
        userId: request.user?.id,
        entity: 'documents',
        entityId: id,
        action: 'update',
        changes: { student_id: [Number(row.student_id), student_id] },
      });
    });
    return { data: { ...row, id, student_id: student_id }, message: 'Documento transferido com sucesso!' };
  });

  // 'Apagar' (the original client's path): an issued document is revoked, never erased (issue 35). Its code then
  // answers "revogado" on the public page, and the row and file stay for the school's records; the enrolment may
  // be issued another one.
  app.get<{ Params: { folder: string; file: string } }>(
    '/documents/:folder/:file/remove',
    { config: { access: 'students.write' } },
    async (request) => {
      const row = await byPath(request.params.folder, request.params.file);
      await assertStudentInReach(db, request.teams, Number(row.student_id));
      if (row.revoked_at) throw conflict('Este documento já foi revogado.');
      const now = new Date().toISOString();
      const key = documentKey(String(row.file_name));
      // The revocation, the enrolment's contract let go and the audit line commit together.
      await inTransaction(db, async (tx) => {
        const t = dynamic(tx);
        // Only one revocation counts, even when two requests race: the second finds it revoked.
        const revoked = await t
          .updateTable('documents')
          .set({ revoked_at: now, updated_at: now })
          .where('id', '=', row.id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(revoked.numUpdatedRows) === 0) throw conflict('Este documento já foi revogado.');
        // A revoked contract is no longer the enrolment's: its contract route makes a new one when asked.
        if (key && row.type === 'CONTRACT')
          await t
            .updateTable('registrations')
            .set({ contract_key: null, contract_updated_at: null })
            .where('contract_key', '=', key)
            .execute();
        await audit(tx, {
          userId: request.user?.id,
          entity: 'documents',
          entityId: Number(row.id),
          action: 'update',
          changes: { revoked_at: [null, now], code: row.code, type: row.type },
        });
      });
      return { message: REVOKED_MESSAGE };
    },
  );
}

export async function documentsOf(db: Db, studentId: number) {
  const rows = await dynamic(db)
    .selectFrom('documents')
    .select([
      'id',
      'type',
      'file_name',
      'document_name',
      'folder',
      'code',
      'registration_id',
      'created_at',
      'revoked_at',
    ])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Issued documents: their routes, the student record's `documents`, and a student they keep from deletion. */
export const documentsArea: Area = {
  routes: (app, ctx) => {
    registerDocumentRoutes(app, ctx.db, ctx.storage);
    registerHistoryRoutes(app, ctx);
    registerCertificateRoutes(app, ctx);
    registerStoreDocumentRoute(app, ctx);
  },
  hooks: ({ db }) => ({
    students: {
      // An issued document's name carries the CPF, and its file the whole identification: personal data.
      personal: ['documents'],
      decorateRecord: async (row) => ({ ...row, documents: await documentsOf(db, Number(row.id)) }),
    },
  }),
  dependents: {
    students: [
      { table: 'documents', foreignKey: 'student_id', singular: 'documento emitido', plural: 'documentos emitidos' },
    ],
  },
};
