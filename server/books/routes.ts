import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../resources/format';
import type { Area, AreaContext } from '../area';
import { audit } from '../audit/log';
import { optionalDateSchema } from '../crud/values';
import { idSchema, optionalIdSchema } from '../http/ids';
import { JSON_OR_FORM } from '../http/bodies';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { idParam, notFound, parseOr422, validationError, type FieldErrors } from '../http/errors';

const text = (label: string, max: number) =>
  z
    .string({ error: `O campo ${label} é obrigatório.` })
    .trim()
    .min(1, `O campo ${label} é obrigatório.`)
    .max(max, `O campo ${label} pode ter no máximo ${max} caracteres.`);
const optional = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => (v ? v : null));
const bookSchema = z.object({
  student_id: idSchema('Aluno inválido.'),
  team_id: optionalIdSchema('Turma inválida.'),
  registration_number: text('Registro', 30),
  book_number: text('Livro', 30),
  page_number: text('Folha', 30),
  issue_date: optionalDateSchema('Data de expedição inválida.', messages.dateRange('Data de expedição')),
  certificate_seal_number: optional(60),
  history_seal_number: optional(60),
});

export async function booksOf(db: Db, studentId: number) {
  const rows = await dynamic(db)
    .selectFrom('books')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Registry-book entries (livro, folha, registro, selos) of a student's certificate or history. */
function registerBookRoutes(app: FastifyInstance, { db }: AreaContext): void {
  const k = dynamic(db);

  // The contract's client sends a multipart form (spec §7).
  app.post('/books', { config: { access: 'students.write', bodies: JSON_OR_FORM } }, async (request, reply) => {
    const values = parseOr422(bookSchema, request.body);
    const errors: FieldErrors = {};
    if (!(await k.selectFrom('students').select('id').where('id', '=', values.student_id).executeTakeFirst()))
      errors.student_id = ['Aluno não encontrado.'];
    if (
      values.team_id !== null &&
      !(await k.selectFrom('teams').select('id').where('id', '=', values.team_id).executeTakeFirst())
    )
      errors.team_id = ['Turma não encontrada.'];
    if (Object.keys(errors).length) throw validationError(errors);
    const now = new Date().toISOString();
    const row = await inTransaction(db, async (tx) => {
      const created = await dynamic(tx)
        .insertInto('books')
        .values({ ...values, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(tx, {
        userId: request.user?.id,
        entity: 'books',
        entityId: Number(created.id),
        action: 'create',
        changes: values,
      });
      return created;
    });
    reply.status(201);
    return {
      data: (await booksOf(db, values.student_id)).find((b) => b.id === Number(row.id)),
      message: 'Livro registrado com sucesso!',
    };
  });

  app.delete<{ Params: { id: string } }>('/books/:id', { config: { access: 'students.write' } }, async (request) => {
    const id = idParam(request.params.id);
    const stored = await k.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
    if (!stored) throw notFound('Livro não encontrado.');
    await inTransaction(db, async (tx) => {
      await dynamic(tx).deleteFrom('books').where('id', '=', id).execute();
      await audit(tx, { userId: request.user?.id, entity: 'books', entityId: id, action: 'delete', changes: stored });
    });
    return { message: 'Livro removido com sucesso!' };
  });
}

export const booksArea: Area = {
  routes: registerBookRoutes,
  hooks: ({ db }) => ({
    students: { decorateRecord: async (row) => ({ ...row, books: await booksOf(db, Number(row.id)) }) },
  }),
};
