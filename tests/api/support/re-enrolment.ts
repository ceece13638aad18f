import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { schoolDayOf } from '../../../resources/format';
import { dynamic } from '../../../server/db/connection';
import type { ReceivedMail } from './mail';
import type { PerTest } from './per-test';
import { portalSession } from './portal';

/** A valid CPF from nine digits. */
export function cpfOf(nine: string): string {
  const digit = (base: string) => {
    const sum = [...base].reduce((s, d, i) => s + Number(d) * (base.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return String(rest === 10 ? 0 : rest);
  };
  const ten = nine + digit(nine);
  return ten + digit(ten);
}

export const DOCS = ['Comprovante de residência', 'Declaração de quitação'];
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const day = (offset: number) => schoolDayOf(new Date(Date.now() + offset * 86_400_000));

/**
 * What the re-enrolment tests build on one server (each test its own campaign, teams and family, so they pass in any
 * order): a season (a 2026 team leading to a 2027 team, a plan, a campaign written straight to the tables), a family in
 * the portal, and a family's way up to a signed and paid contract. `mails`: what the fake SMTP received.
 */
export function reEnrolmentKit(fresh: PerTest, mails: () => ReceivedMail[]) {
  let seq = 0;

  async function ok(method: string, path: string, body?: unknown, status = 201) {
    const answer = await fresh.call(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  }

  /** A 2026 team leading to a 2027 team, a 12-instalment plan, and a campaign open today (or `closes_on`). */
  async function season({ closes_on = day(10) } = {}) {
    seq++;
    const k = dynamic(fresh.server.db);
    const now = new Date().toISOString();
    const year = async (y: number) => {
      const found = await k.selectFrom('school_years').select('id').where('year', '=', y).executeTakeFirst();
      if (found) return Number(found.id);
      const made = await k
        .insertInto('school_years')
        .values({
          year: y,
          start_date: `${y}-02-01`,
          end_date: `${y}-12-17`,
          status: 'open',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(made.id);
    };
    const [y2026, y2027] = [await year(2026), await year(2027)];
    const grid = Number((await k.selectFrom('grids').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    const team = async (name: string, y: number, school_year_id: number) =>
      Number(
        (
          await ok('POST', '/api/teams', {
            name,
            start_date: `${y}-02-01`,
            end_date: `${y}-12-17`,
            polo_id: 1,
            grid_id: grid,
            school_year_id,
          })
        ).data.id,
      );
    const from = await team(`5º ano ${seq} — 2026`, 2026, y2026);
    const to = await team(`6º ano ${seq} — 2027`, 2027, y2027);
    const plan = await k
      .insertInto('payment_plans')
      .values({
        name: `Mensalidade 2027 — 6º ano (${seq})`,
        service_type_id: Number((await k.selectFrom('service_types').select('id').executeTakeFirstOrThrow()).id),
        payment_type_id: Number((await k.selectFrom('payment_types').select('id').executeTakeFirstOrThrow()).id),
        instalments: 12,
        value_cents: 125000,
        due_day: 10,
        first_month: '2027-02',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const template = await k.selectFrom('text_documents').select('id').orderBy('id').executeTakeFirstOrThrow();
    const campaign = await k
      .insertInto('enrolment_campaigns')
      .values({
        school_year_id: y2027,
        kind: 'rematricula',
        opens_on: day(-5),
        closes_on,
        documents: JSON.stringify(DOCS),
        terms: 'Declaro que li e aceito o regimento escolar.',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('enrolment_campaign_teams')
      .values({
        campaign_id: campaign.id,
        from_team_id: from,
        to_team_id: to,
        payment_plan_id: plan.id,
        contract_template_id: template.id,
      })
      .execute();
    return { from, to, plan: Number(plan.id), campaign: Number(campaign.id) };
  }

  /** A student enrolled in `team`, the mother as financial responsible with a portal session. */
  async function familyIn(team: number, name = 'Aluno') {
    seq++;
    const student = Number(
      (await ok('POST', '/api/students', { name: `${name} ${seq}`, cpf: cpfOf(String(512_345_600 + seq)) })).data.id,
    );
    await ok('POST', '/api/registrations', { student_id: student, team_id: team, enrolled_on: '2026-02-02' });
    const email = `mae${seq}@familia.com.br`;
    const guardian = Number(
      (
        await ok('POST', '/api/guardians', {
          name: `Maria ${seq} da Silva`,
          email,
          cpf: cpfOf(String(412_345_600 + seq)),
          cep: '66010000',
          street: 'Avenida Nazaré',
          number: '512',
          neighborhood: 'Nazaré',
          city: 'Belém',
          uf: 'PA',
        })
      ).data.id,
    );
    await ok('POST', `/api/students/${student}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    const token = await portalSession(fresh.server, guardian, email);
    const as = (method: string, path: string, body?: unknown) =>
      fresh.server.request(method, `/api/portal/students/${student}/re-enrolment${path}`, { token, body });
    const upload = async (docName: string, file: Buffer, fileName = 'arquivo.pdf', type = 'application/pdf') => {
      const form = new FormData();
      form.append('name', docName);
      form.append('file', new Blob([new Uint8Array(file)], { type }), fileName);
      const res = await fetch(`${fresh.server.url}/api/portal/students/${student}/re-enrolment/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { message: string; errors?: Record<string, string[]> } };
    };
    const contract = async () => {
      const res = await fetch(`${fresh.server.url}/api/portal/students/${student}/re-enrolment/contract`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
    };
    const codeFromMail = async (before: number) => {
      const mine = () => mails().filter((m) => m.to.includes(email) && /código/i.test(m.text));
      await expect.poll(() => mine().length, { timeout: 10_000 }).toBeGreaterThan(before);
      return /\b(\d{6})\b/.exec(mine().at(-1)!.text)![1];
    };
    const mailsSoFar = () => mails().filter((m) => m.to.includes(email) && /código/i.test(m.text)).length;
    return { student, guardian, email, token, as, upload, contract, codeFromMail, mailsSoFar };
  }

  /** Everything up to a signed contract and a paid first instalment. */
  async function signedAndPaid(f: Awaited<ReturnType<typeof familyIn>>, plan: number) {
    expect((await f.as('PUT', '', { plan_id: plan, changes: {} })).status).toBe(200);
    for (const name of DOCS) expect((await f.upload(name, PDF)).status).toBe(201);
    const { sha256 } = await f.contract();
    const before = f.mailsSoFar();
    expect((await f.as('POST', '/sign-code')).status).toBe(200);
    const signed = await f.as('POST', '/sign', { code: await f.codeFromMail(before), sha256 });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const state = (await f.as('GET', '')).body;
    await dynamic(fresh.server.db)
      .updateTable('financials')
      .set({ paid: 1, pay_day: schoolDayOf() })
      .where('id', '=', state.first_charge.id)
      .execute();
    return state;
  }

  return { ok, season, familyIn, signedAndPaid };
}
