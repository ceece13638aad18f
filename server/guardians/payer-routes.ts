import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardians } from '../../resources/guardians';
import { students } from '../../resources/students';
import type { AreaContext } from '../area';
import { audit, diff } from '../audit/log';
import { ResourceRepository } from '../crud/repository';
import { parseBody, writeSchemasOf } from '../crud/validation';
import { dynamic, type Db } from '../db/connection';
import { ApiError, idParam, notFound, validationError } from '../http/errors';
import type { ResourceConfig } from '../../resources/types';
import { payerOf, type PayerRecord } from './payer';

/** What anyone who charges may complete of whoever pays: the contact and the address (issue 35). */
export const PAYER_FIELDS = ['email', 'phone', 'cep', 'street', 'number', 'complement', 'neighborhood', 'city', 'uf'];
/** Who may complete it: whoever changes students (the whole record) or charges (only these fields). */
const WRITERS = ['students.write', 'finance.write'];

const CANNOT = 'Você não tem permissão para completar o cadastro de quem paga.';
const ONLY_THESE =
  'Você não tem permissão para alterar esses dados de quem paga: aqui se completam só o contato e o endereço.';
const NOT_HERE = 'Aqui se completam só o contato e o endereço de quem paga: altere este dado no cadastro.';
const NO_COMPLEMENT = 'O cadastro do aluno não tem complemento: escreva-o junto do número.';

const schemaOf = (config: ResourceConfig) => writeSchemasOf(config).update;

/** The payer of a student, or 404. */
async function payerOr404(db: Db, studentId: number): Promise<PayerRecord> {
  const payer = await payerOf(dynamic(db), studentId);
  if (!payer) throw notFound('Aluno não encontrado.');
  return payer;
}

/**
 * Completes the contact and address of whoever pays a student's charges: the guardian marked financial responsible,
 * or the adult student who pays for themselves. The fields are checked by the same rules as their record's form; any
 * other field is refused (403 to a role that may not change it at all, 422 to one that changes it on the record).
 */
async function completePayer(
  db: Db,
  all: ResourceConfig[],
  request: FastifyRequest,
  studentId: number,
): Promise<PayerRecord> {
  const payer = await payerOr404(db, studentId);
  const permissions = request.user?.permissions ?? [];
  if (!WRITERS.some((key) => permissions.includes(key))) throw new ApiError(403, CANNOT);
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw validationError({ body: ['Corpo da requisição inválido.'] });
  const others = Object.keys(body).filter((name) => !PAYER_FIELDS.includes(name));
  if (others.length) {
    if (!permissions.includes('students.write')) throw new ApiError(403, ONLY_THESE);
    throw validationError(Object.fromEntries(others.map((name) => [name, [NOT_HERE]])));
  }
  const config = payer.self ? students : guardians;
  const id = payer.self ? studentId : payer.guardian_id!;
  const sent = body as Record<string, unknown>;
  if (payer.self && sent.complement != null && sent.complement !== '')
    throw validationError({ complement: [NO_COMPLEMENT] });
  const { complement: _dropped, ...forStudent } = sent;
  const parsed = parseBody(schemaOf(config), payer.self ? forStudent : sent);
  if (!parsed.ok) throw validationError(parsed.errors);
  const values = Object.fromEntries(Object.entries(parsed.value).filter(([, v]) => v !== undefined));
  const repo = new ResourceRepository(db, config, all);
  const stored = await repo.findById(id);
  if (Object.keys(values).length) await repo.update(id, values);
  // Who completed whose address (LGPD: every change of personal data is attributable).
  await audit(db, {
    userId: request.user?.id,
    entity: config.name,
    entityId: id,
    action: 'update',
    changes: diff(stored, await repo.findById(id)),
  });
  return payerOr404(db, studentId);
}

/**
 * `GET/PUT /students/{id}/payer`: whoever pays a student, as every financial document names them, and the completion
 * of their contact and address from the screens that charge (Financeiro has no `students.write`). The guard asks the
 * personal data both answer; the write also asks `students.write` or `finance.write`, checked here.
 */
export function registerPayerRoutes(app: FastifyInstance, { db, resources }: AreaContext): void {
  const reach = { id: 'students' };
  const personal = { config: { access: 'students.personal', reach } };
  app.get<{ Params: { id: string } }>('/students/:id/payer', personal, async (request) => ({
    data: await payerOr404(db, idParam(request.params.id)),
  }));
  app.put<{ Params: { id: string } }>('/students/:id/payer', personal, async (request) => ({
    data: await completePayer(db, resources, request, idParam(request.params.id)),
    message: 'Cadastro de quem paga atualizado.',
  }));
}
