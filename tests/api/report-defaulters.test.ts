import { expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfText } from '../support/pdf-text';
import { serverPerTest } from './support/per-test';
import { download, savedName } from './support/reports';
import { describeOnDatabases } from './support/server';

/** Width and height of the first page, in points. */
async function pageSize(content: Buffer): Promise<[number, number]> {
  const pdf = await getDocument({ data: new Uint8Array(content), isEvalSupported: false }).promise;
  const [, , width, height] = (await pdf.getPage(1)).view;
  await pdf.destroy();
  return [width, height];
}

describeOnDatabases('report files: defaulters', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  async function enrolled(body: Record<string, unknown>, teamId: number): Promise<number> {
    const student = await call('POST', '/api/students', body);
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    return (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: teamId })).body.data
      .id;
  }
  async function charge(registration: number, value: string, due: string, extra: Record<string, unknown> = {}) {
    const created = await call('POST', '/api/financials', {
      registration_id: registration,
      value,
      due_date: due,
      service_type_id: 1,
      payment_type: 4,
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  }

  /** Team 1 (Turma Médio 2026 A): Zélia and Ágata; team 3 (Enfermagem 2026.1): Bruno. */
  async function seed() {
    const zelia = await enrolled({ name: 'Zélia Prado', phone: '91988887777', email: 'zelia@familia.com.br' }, 1);
    const agata = await enrolled({ name: 'ágata Lins', phone: '9132221111' }, 1);
    const bruno = await enrolled({ name: 'Bruno Costa', email: 'bruno@familia.com.br' }, 3);
    await charge(zelia, '450,00', '2026-03-10', { quota: 2, observations: 'Prometeu pagar dia 20' });
    const first = await charge(zelia, '450,00', '2026-02-10', { quota: 1 });
    await charge(zelia, '450,00', '2026-04-10', { quota: 3, paid: 1, pay_day: '2026-04-09' });
    await charge(agata, '1.234,56', '2026-03-31');
    await charge(agata, '99,90', '2026-05-01');
    await charge(bruno, '0,10', '2026-02-28', { service_type_id: 3 });
    return { first };
  }

  it('lists unpaid charges due in the period by team, student and due date, with subtotals and the total', async () => {
    const { first } = await seed();
    const file = await download(fresh, '/api/exports/defaulters?start_date=2026-02-01&end_date=2026-04-30');
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(savedName(file.disposition)).toBe('inadimplentes.pdf');
    const [width, height] = await pageSize(file.content);
    expect(width).toBeGreaterThan(height);
    const text = await pdfText(file.content);
    expect(text).toContain('RELATÓRIO DE INADIMPLENTES');
    expect(text).toContain('Vencimento de 01/02/2026 a 30/04/2026 — Todas as turmas — posição em');
    expect(text).toMatch(
      /Aluno\s*Telefone\s*E-mail\s*Serviço\s*Parcela\s*Vencimento\s*Valor\s*Multa\s*e\s*juros\s*Total\s*hoje\s*Observações/,
    );
    // Zélia's first charge: its fine and interest to date and its total today, as the money rules give them.
    const due = (await call('GET', `/api/financials/${first}/amount-due`)).body;
    expect(due.fine).toBe(900);
    expect(due.interest).toBeGreaterThan(0);
    const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`10/02/2026 R$ 450,00 ${brl(due.fine + due.interest)} ${brl(due.total)}`);
    const order = [
      'Turma: Enfermagem 2026.1',
      'Bruno Costa',
      'Subtotal da turma Enfermagem 2026.1: R$ 0,10 (1 cobrança)',
      'Turma: Turma Médio 2026 A',
      'ágata Lins',
      'Zélia Prado',
      'Subtotal da turma Turma Médio 2026 A: R$ 2.134,56 (3 cobranças)',
      'Total geral: R$ 2.134,66 (4 cobranças)',
    ];
    const at = order.map((s) => text.indexOf(s));
    expect(
      at.every((i) => i >= 0),
      JSON.stringify(at),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toMatch(/Bruno Costa\s*bruno@familia\.com\.br\s*Material didático\s*1\s*28\/02\/2026\s*R\$ 0,10/);
    expect(text).toMatch(/ágata Lins\s*\(91\) 3222-1111\s*Mensalidade\s*1\s*31\/03\/2026\s*R\$ 1\.234,56/);
    const money = 'R\\$ [\\d.]+,\\d{2}';
    // Zélia's charges by due date; the paid one and the one due after the period are not listed.
    const zelia = String.raw`Zélia Prado\s*\(91\) 98888-7777\s*zelia@familia\.com\.br\s*Mensalidade`;
    expect(text).toMatch(
      new RegExp(
        String.raw`${zelia}\s*1\s*10/02/2026\s*R\$ 450,00\s*${money}\s*${money}\s*` +
          String.raw`${zelia}\s*2\s*10/03/2026\s*R\$ 450,00\s*${money}\s*${money}\s*Prometeu pagar dia 20`,
      ),
    );
    expect(text).not.toContain('10/04/2026');
    expect(text).not.toContain('01/05/2026');
  });

  it('keeps to one team when asked, and says so when nothing is open', async () => {
    await seed();
    const one = await pdfText(
      (await download(fresh, '/api/exports/defaulters?team=1&start_date=2026-02-01&end_date=2026-04-30')).content,
    );
    expect(one).toContain('Turma: Turma Médio 2026 A');
    expect(one).not.toContain('Bruno Costa');
    expect(one).toContain('Total geral: R$ 2.134,56 (3 cobranças)');

    const none = await download(fresh, '/api/exports/defaulters?start_date=2030-01-01&end_date=2030-12-31');
    expect(none.status).toBe(200);
    const text = await pdfText(none.content);
    expect(text).toContain('Nenhuma cobrança em aberto com vencimento no período.');
    expect(text).toContain('Total geral: R$ 0,00 (0 cobranças)');
  });

  it('counts only charges already due (before today in São Paulo) and unpaid, with or without dates', async () => {
    const day = (delta: number) =>
      new Date(Date.now() + delta * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const caio = await enrolled({ name: 'Caio Vencido' }, 1);
    await charge(caio, '1.000,00', day(-40));
    await charge(caio, '200,00', day(-1));
    await charge(caio, '300,00', day(0), { quota: 2 });
    await charge(caio, '450,00', day(1), { quota: 3 });
    await charge(caio, '700,00', day(-10), { paid: 1, pay_day: day(-10) });
    const inPeriod = await pdfText(
      (await download(fresh, `/api/exports/defaulters?start_date=${day(-60)}&end_date=${day(60)}`)).content,
    );
    expect(inPeriod).toContain('Total geral: R$ 1.200,00 (2 cobranças)');
    expect(inPeriod).not.toContain('R$ 450,00');
    expect(inPeriod).not.toContain('R$ 300,00');

    const all = await download(fresh, '/api/exports/defaulters');
    expect(all.status, all.content.toString()).toBe(200);
    const text = await pdfText(all.content);
    expect(text).toContain('Todas as cobranças vencidas — Todas as turmas');
    expect(text).toContain('Total geral: R$ 1.200,00 (2 cobranças)');
    const from = await pdfText((await download(fresh, `/api/exports/defaulters?start_date=${day(-5)}`)).content);
    expect(from).toContain('Total geral: R$ 200,00 (1 cobrança)');
  });

  it('refuses a period that ends before it starts and a team that does not exist', async () => {
    const backwards = await download(fresh, '/api/exports/defaulters?start_date=2026-05-01&end_date=2026-04-30');
    expect(backwards.status).toBe(422);
    expect(backwards.json?.errors).toEqual({
      end_date: ['O campo Vencimento até não pode ser anterior ao campo Vencimento de.'],
    });
    const noTeam = await download(
      fresh,
      '/api/exports/defaulters?team=999999&start_date=2026-01-01&end_date=2026-12-31',
    );
    expect(noTeam.status).toBe(404);
    expect(noTeam.json?.message).toBe('Turma não encontrada.');
  });
});
