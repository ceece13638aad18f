import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { portalSessions } from '../../server/portal/sessions';
import { startSmtp } from './support/mail';
import { serverPerFile } from './support/per-test';
import { bornYearsAgo, portalSession } from './support/portal';
import { DOCS, PDF, cpfOf, reEnrolmentKit } from './support/re-enrolment';
import { describeOnDatabases } from './support/server';

/**
 * Who signs the re-enrolment contract in the portal (issue 39): whoever the contract's financial responsible is — the
 * guardian marked so, or the adult student who pays for themself, from their own account — and what the signature
 * records of the contract's term. Each test builds its own campaign and family on one server.
 */
describeOnDatabases('the re-enrolment contract’s signer and term', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.close());
  const fresh = serverPerFile(dialect, () => ({ payments: { sandbox: true }, smtpUrl: smtp.url }));
  const { ok, season, familyIn } = reEnrolmentKit(fresh, () => smtp.mails);

  /** A portal session of an adult student's own account, straight from the tables (as `portalSession` does). */
  async function studentSession(studentId: number, email: string): Promise<string> {
    const now = new Date().toISOString();
    const account = await dynamic(fresh.server.db)
      .insertInto('portal_accounts')
      .values({ student_id: studentId, email, invited_at: now, activated_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return portalSessions(fresh.server.db, 1).issue(Number(account.id));
  }

  const codeTo = async (email: string, before: number) => {
    const mine = () => smtp.mails.filter((m) => m.to.includes(email) && /assinar eletronicamente/.test(m.text));
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBeGreaterThan(before);
    return /\b(\d{6})\b/.exec(mine().at(-1)!.text)![1];
  };
  const codesTo = (email: string) =>
    smtp.mails.filter((m) => m.to.includes(email) && /assinar eletronicamente/.test(m.text)).length;

  it('an adult student who pays for themself signs their own contract; their mother, not the payer, may not', async () => {
    const s = await season();
    const email = 'lucas.adulto@aluno.com.br';
    const student = Number(
      (
        await ok('POST', '/api/students', {
          name: 'Lucas Adulto Ferreira',
          cpf: cpfOf('731845290'),
          birth_date: bornYearsAgo(19),
          email,
        })
      ).data.id,
    );
    await ok('POST', '/api/registrations', { student_id: student, team_id: s.from, enrolled_on: '2026-02-02' });
    // His mother is linked, but nobody is marked financial responsible: he pays for himself.
    const mother = Number(
      (await ok('POST', '/api/guardians', { name: 'Sônia Ferreira', email: 'sonia@familia.com.br' })).data.id,
    );
    await ok('POST', `/api/students/${student}/guardians`, {
      guardian_id: mother,
      kinship: 'mae',
      financial_responsible: false,
      pedagogical_responsible: false,
    });
    const token = await studentSession(student, email);
    const motherToken = await portalSession(fresh.server, mother, 'sonia@familia.com.br');
    const as = (method: string, path: string, body?: unknown, who = token) =>
      fresh.server.request(method, `/api/portal/students/${student}/re-enrolment${path}`, { token: who, body });

    expect((await as('PUT', '', { plan_id: s.plan, changes: {} })).status).toBe(200);
    for (const name of DOCS) {
      const form = new FormData();
      form.append('name', name);
      form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'arquivo.pdf');
      const res = await fetch(`${fresh.server.url}/api/portal/students/${student}/re-enrolment/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(res.status).toBe(201);
    }
    const res = await fetch(`${fresh.server.url}/api/portal/students/${student}/re-enrolment/contract`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const sha256 = createHash('sha256')
      .update(Buffer.from(await res.arrayBuffer()))
      .digest('hex');

    const refused = await as('POST', '/sign-code', {}, motherToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Só o responsável financeiro do aluno pode assinar o contrato.');

    const before = codesTo(email);
    const sent = await as('POST', '/sign-code', {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sent_to).toBe('l***@aluno.com.br');
    const signed = await as('POST', '/sign', { code: await codeTo(email, before), sha256 });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const evidence = await dynamic(fresh.server.db)
      .selectFrom('signatures')
      .select(['signer_kind', 'signer_id', 'signer_name', 'signer_cpf'])
      .where('document_code', '=', signed.body.code)
      .executeTakeFirstOrThrow();
    expect(evidence).toEqual({
      signer_kind: 'student',
      signer_id: student,
      signer_name: 'Lucas Adulto Ferreira',
      signer_cpf: cpfOf('731845290'),
    });
    expect((await as('GET', '')).body).toMatchObject({ step: 'assinado', contract: { signed_code: signed.body.code } });
  });

  it('the signed contract lasts to the end of the year it covers: its signature records when', async () => {
    const s = await season();
    const f = await familyIn(s.from, 'Vigência');
    expect((await f.as('PUT', '', { plan_id: s.plan, changes: {} })).status).toBe(200);
    for (const name of DOCS) expect((await f.upload(name, PDF)).status).toBe(201);
    const { sha256 } = await f.contract();
    const before = f.mailsSoFar();
    expect((await f.as('POST', '/sign-code')).status).toBe(200);
    const signed = await f.as('POST', '/sign', { code: await f.codeFromMail(before), sha256 });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const row = await dynamic(fresh.server.db)
      .selectFrom('signatures')
      .select('expires_at')
      .where('document_code', '=', signed.body.code)
      .executeTakeFirstOrThrow();
    // The 2027 school year ends on 17/12, its instalments in December: the term runs to 31/12/2027, 23:59 in Brasília.
    expect(new Date(row.expires_at).toISOString()).toBe('2028-01-01T02:59:59.999Z');
  });
});
