import { randomBytes, createHash } from 'node:crypto';
import { normalizeDocumentCode } from '../../../resources/document-codes';
import { lookupCodes } from '../../documents/codes';
import { issueDocument, type DocumentType } from '../../documents/issue';
import { PREFIX } from '../../documents/store-route';
import { dynamic, type Db } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { parseGrade } from '../../../resources/format';
import type { AreaContext } from '../../area';
import { imageType } from '../../storage/storage';
import { RESET_TTL_MS } from '../../auth/password-reset';
import type { LegacyCharge } from './schemas';
import type { Snapshot, StudentSnapshot } from './snapshot';
import { LegacyWriter, NOT_YET } from './writer';
import { remember, mappedId } from './ids';
import { roleChooser } from './roles';
import { copyContracts } from './contracts';

const DOCUMENT_TYPES = Object.keys(PREFIX) as DocumentType[];

/** Centavos of a charge: `value_cents` when the source has it, else its value in reais ("1.234,56" or 1234.56). */
export function centsOf(charge: LegacyCharge): number | null {
  if (typeof charge.value_cents === 'number') return charge.value_cents;
  const raw = charge.value;
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Math.round(raw * 100);
  const text = raw.includes(',') ? raw.replace(/\./g, '').replace(',', '.') : raw;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
}

const paidOf = (paid: unknown) => (paid === true || (typeof paid === 'number' && paid !== 0) ? 1 : 0);

/** Ids of our lookups (service and payment types) by name, the way the old ones are embedded in a charge. */
async function idsByName(db: Db, table: string): Promise<Map<string, number>> {
  const rows = await dynamic(db).selectFrom(table).select(['id', 'name']).execute();
  return new Map(rows.map((r) => [String(r.name).toLowerCase(), Number(r.id)]));
}

/**
 * The snapshot into our tables, in the contract's order: master data, grids, teams, users, then each student with
 * everything of theirs in one transaction. `step` after each unit (the progress bar).
 */
export async function copySnapshot(
  ctx: AreaContext,
  w: LegacyWriter,
  snap: Snapshot,
  step: () => Promise<void>,
): Promise<void> {
  for (const t of snap.teachings)
    await w.upsert({
      entity: 'teachings',
      table: 'teachings',
      oldId: t.id,
      values: { name: t.name, description: t.description },
      match: { name: t.name },
    });
  for (const c of snap.courses)
    await w.upsert({
      entity: 'courses',
      table: 'courses',
      oldId: c.id,
      values: { name: c.name, teaching_id: await w.idOf('teachings', c.teaching_id) },
      match: { name: c.name },
    });
  for (const d of snap.disciplines)
    await w.upsert({
      entity: 'disciplines',
      table: 'disciplines',
      oldId: d.id,
      values: {
        name: d.name,
        teaching_id: await w.idOf('teachings', d.teaching_id),
        amount_of_reviews: d.amount_of_reviews ?? null,
        workload: d.workload ?? null,
      },
      match: { name: d.name },
    });
  for (const s of snap.stages)
    await w.upsert({
      entity: 'stages',
      table: 'stages',
      oldId: s.id,
      values: { stage: s.stage, description: s.description },
      match: { stage: s.stage },
    });
  for (const p of snap.polos) {
    const { id, ...values } = p;
    await w.upsert({ entity: 'polos', table: 'polos', oldId: id, values, match: { name: p.name } });
  }
  for (const t of snap.textDocuments)
    await w.upsert({
      entity: 'text-documents',
      table: 'text_documents',
      oldId: t.id,
      values: { name: t.name, content: t.content, teaching_id: await w.idOf('teachings', t.teaching_id) },
      match: { name: t.name },
    });
  await step();

  for (const g of snap.grids) {
    const courseId = await w.idOf('courses', g.course_id);
    const gridId = await w.upsert({
      entity: 'grids',
      table: 'grids',
      oldId: g.id,
      values: { name: g.name, obs: g.obs, course_id: courseId },
      match: { name: g.name },
    });
    for (const row of g.rows) {
      const disciplineId = await w.idOf('disciplines', row.discipline_id);
      const stageId = await w.idOf('stages', row.stage_id);
      const values = {
        grid_id: gridId,
        course_id: (await w.idOf('courses', row.course_id)) ?? courseId,
        discipline_id: disciplineId,
        stage_id: stageId,
        workload: row.workload,
      };
      if (gridId === NOT_YET || values.course_id === null || disciplineId === null || stageId === null) {
        w.count('grid_templates', 'created');
        continue;
      }
      await w.upsert({
        entity: 'grid_templates',
        table: 'grid_templates',
        oldId: `${g.id}:${row.discipline_id}:${row.stage_id}`,
        values,
        match: { grid_id: gridId, discipline_id: disciplineId, stage_id: stageId },
      });
    }
  }
  for (const t of snap.teams)
    await w.upsert({
      entity: 'teams',
      table: 'teams',
      oldId: t.id,
      values: {
        name: t.name,
        start_date: t.start_date,
        end_date: t.end_date,
        polo_id: await w.idOf('polos', t.polo_id),
        grid_id: await w.idOf('grids', t.grid_id),
      },
      match: { name: t.name },
    });
  await copyUsers(ctx, w, snap);
  await step();

  const services = await idsByName(w.db, 'service_types');
  const payments = await idsByName(w.db, 'payment_types');
  for (const student of snap.students) {
    if (w.dryRun) await copyStudent(ctx, w, student, services, payments, w.db);
    else await inTransaction(w.db, (tx) => copyStudent(ctx, w, student, services, payments, tx));
    await step();
  }
}

/** Users without their passwords: each new one gets an invitation (the reset link) to choose one. */
async function copyUsers(ctx: AreaContext, w: LegacyWriter, snap: Snapshot): Promise<void> {
  const k = dynamic(w.db);
  const roleOf = await roleChooser(w.db);
  for (const u of snap.users) {
    const email = u.email.trim().toLowerCase();
    // The old system's own accounts (the payment provider's) are not people to invite.
    if (!email.includes('@') || email.endsWith('.invalid')) continue;
    const before = await mappedId(w.db, w.source, 'users', u.id);
    const exists = await k.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const id = await w.upsert({
      entity: 'users',
      table: 'users',
      oldId: u.id,
      values: { name: u.name },
      match: { email },
      // The role only on creation: one given here on screen is never undone by a second run.
      onCreate: { email, password_hash: '!', role_id: roleOf(u) },
    });
    if (!w.dryRun && before === null && !exists && id !== NOT_YET) await invite(ctx, id, u.name, email);
  }
}

/** The "Esqueceu a senha?" link, sent as an invitation: the imported user sets a password of their own. */
async function invite(ctx: AreaContext, userId: number, name: string, email: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await dynamic(ctx.db)
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: createHash('sha256').update(token).digest('hex'),
      expires_at: new Date(now + RESET_TTL_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  const link = `${ctx.settings.appUrl.replace(/\/$/, '')}/redefinir-senha?token=${token}`;
  const text = `Olá, ${name}!\n\nA escola passou a usar a Secretaria e trouxe a sua conta do sistema anterior. Para criar a sua senha, abra o link abaixo (ele vale por 1 hora e só pode ser usado uma vez; depois, use "Esqueceu a senha?"):\n\n${link}\n`;
  await ctx.mailer.send({ to: email, subject: 'Convite para a Secretaria', text, secrets: [token] });
}

async function copyStudent(
  ctx: AreaContext,
  w: LegacyWriter,
  snapshot: StudentSnapshot,
  services: Map<string, number>,
  payments: Map<string, number>,
  db: Db,
): Promise<void> {
  const { record, photo, history, grades, files } = snapshot;
  const k = dynamic(db);
  const cpf = record.cpf ? record.cpf.replace(/\D/g, '') || null : null;
  const { id: oldId, has_photo: _p, registrations, documents, books, observations, ...fields } = record;
  const values = { ...fields, cpf };
  let image: string | undefined;
  const existing = await mappedId(db, w.source, 'students', oldId);
  if (photo && imageType(photo) && !w.dryRun && existing === null) {
    const type = imageType(photo)!;
    image = await ctx.storage.put('photos', type.extension, photo);
  }
  const studentId = await w.upsert(
    {
      entity: 'students',
      table: 'students',
      oldId,
      values,
      match: cpf ? { cpf } : { name: record.name, birth_date: record.birth_date },
      onCreate: image ? { image } : undefined,
      auditAs: 'students',
    },
    db,
  );
  const now = new Date().toISOString();
  for (const h of history) {
    if ((await mappedId(db, w.source, 'status_history', h.id)) !== null) {
      w.count('status_history', 'unchanged');
      continue;
    }
    w.count('status_history', 'created');
    if (w.dryRun || studentId === NOT_YET) continue;
    const row = await k
      .insertInto('student_status_history')
      .values({
        student_id: studentId,
        previous_status: h.previous_status,
        new_status: h.new_status,
        user_id: null,
        created_at: h.created_at ?? now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(db, w.source, 'status_history', h.id, Number(row.id));
  }
  for (const o of observations ?? [])
    await w.upsert(
      {
        entity: 'observations',
        table: 'observations',
        oldId: o.id,
        values: { student_id: studentId, observation: o.observation },
      },
      db,
    );

  for (const r of registrations ?? []) {
    const teamId = await w.idOf('teams', r.team.id, db);
    const registrationId = await w.upsert(
      {
        entity: 'registrations',
        table: 'registrations',
        oldId: r.id,
        values: { student_id: studentId, team_id: teamId },
        match: studentId === NOT_YET ? undefined : { student_id: studentId, team_id: teamId },
        onCreate: { user_id: w.userId ?? null },
        auditAs: 'registrations',
      },
      db,
    );
    for (const c of r.financials ?? []) {
      const cents = centsOf(c);
      if (cents === null || !c.due_date) continue;
      const gateway = c.gateway_response;
      await w.upsert(
        {
          entity: 'financials',
          table: 'financials',
          oldId: c.id,
          values: {
            registration_id: registrationId,
            value_cents: cents,
            quota: c.quota ?? 1,
            due_date: c.due_date,
            pay_day: c.pay_day,
            paid: paidOf(c.paid),
            service_type_id: c.service_type ? (services.get(c.service_type.name.toLowerCase()) ?? null) : null,
            payment_type_id: c.payment_type ? (payments.get(c.payment_type.name.toLowerCase()) ?? null) : null,
            observations: c.observations,
            financial_observation: c.financial_observation,
            gateway_response:
              gateway === null || gateway === undefined
                ? null
                : typeof gateway === 'string'
                  ? gateway
                  : JSON.stringify(gateway),
          },
          onCreate: { created_by: w.userId ?? null, updated_by: w.userId ?? null },
          auditAs: 'financials',
        },
        db,
      );
    }
  }
  for (const b of books ?? []) {
    const { id, team_id, ...rest } = b;
    await w.upsert(
      {
        entity: 'books',
        table: 'books',
        oldId: id,
        values: { ...rest, student_id: studentId, team_id: await w.idOf('teams', team_id, db) },
      },
      db,
    );
  }
  for (const g of grades) {
    const key = {
      student_id: studentId,
      stage_id: await w.idOf('stages', g.stage_id, db),
      discipline_id: await w.idOf('disciplines', g.discipline_id, db),
      team_id: await w.idOf('teams', g.team_id, db),
    };
    const tenths = parseGrade(g.grade);
    if (tenths === null || Object.values(key).some((v) => v === null || v === NOT_YET)) {
      if (tenths !== null) w.count('grades', 'created');
      continue;
    }
    await w.upsert(
      {
        entity: 'grades',
        table: 'grades',
        oldId: `${oldId}:${g.stage_id}:${g.discipline_id}:${g.team_id}`,
        values: { ...key, grade: tenths },
        match: key,
        auditAs: 'grades',
      },
      db,
    );
  }
  for (const d of documents ?? []) {
    const pdf = files.get(d.id);
    if (!pdf) continue;
    if ((await mappedId(db, w.source, 'documents', d.id)) !== null) {
      w.count('documents', 'unchanged');
      continue;
    }
    const code = d.code ? normalizeDocumentCode(d.code) : undefined;
    const taken = d.code
      ? await k.selectFrom('documents').select('id').where('code', 'in', lookupCodes(d.code)).executeTakeFirst()
      : undefined;
    if (taken) {
      w.count('documents', 'unchanged');
      if (!w.dryRun) await remember(db, w.source, 'documents', d.id, Number(taken.id));
      continue;
    }
    w.count('documents', 'created');
    if (w.dryRun || studentId === NOT_YET) continue;
    const type = (DOCUMENT_TYPES as string[]).includes(d.type) ? (d.type as DocumentType) : 'CERTIFICATE';
    const registrationId = await w.idOf('registrations', d.registration_id, db);
    // The file as it was printed, under the code it carries: a paper issued years ago verifies here.
    const issued = await issueDocument(
      db,
      ctx.storage,
      ctx.settings.appUrl,
      {
        studentId,
        registrationId: registrationId === NOT_YET ? null : registrationId,
        type,
        prefix: PREFIX[type],
        documentName: d.document_name || d.file_name,
        code,
        folder: d.folder ?? undefined,
        render: async () => pdf,
      },
      w.userId,
    );
    await remember(db, w.source, 'documents', d.id, Number(issued.id));
  }
  await copyContracts(ctx, w, snapshot, studentId, db);
}
