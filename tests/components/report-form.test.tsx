import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportByPath } from '../../reports';
import type { FileReport } from '../../reports/types';
import { ReportPage } from '../../src/reports/ReportPage';
import { reportRequest, initialValues } from '../../src/reports/values';
import { AdminStory } from '../../stories/support';

/** The generated report form against a fake `/api` (fetch stubbed): what it refuses, asks for and saves. */

const TEAMS = [
  { id: 3, name: 'Turma Médio 2026 A' },
  { id: 4, name: 'Enfermagem 2026.1' },
];
const STUDENT = {
  id: 40,
  name: 'Heloísa Martins Costa',
  registrations: [{ id: 9, team: { id: 4, name: 'Enfermagem 2026.1' } }],
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Handler = (url: string) => Response | Promise<Response>;
let fetched: string[];
let exportHandler: Handler;
let saved: string[];
const YEARS = [
  { id: 8, year: 2027, start_date: '2027-02-01', end_date: '2027-12-17', status: 'open' },
  { id: 7, year: 2026, start_date: '2026-02-02', end_date: '2026-12-18', status: 'open' },
];
/** The school year the server calls current (none: the route answers 404, as a server before issue 38). */
let currentYear: (typeof YEARS)[number] | null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetched = [];
  saved = [];
  currentYear = null;
  exportHandler = () =>
    new Response(new Blob(['PK\u0003\u0004'], { type: XLSX }), { headers: { 'content-type': XLSX } });
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    const { pathname, searchParams } = new URL(url, 'http://escola.test');
    if (pathname === '/api/teams')
      return json({
        data: TEAMS.filter((t) => t.name.toLowerCase().includes((searchParams.get('search') ?? '').toLowerCase())),
      });
    if (pathname === '/api/school-years/current' && currentYear) return json({ data: [currentYear] });
    if (pathname === '/api/school-years') return json({ data: YEARS, total: YEARS.length });
    if (pathname === '/api/students') return json({ data: [STUDENT] });
    if (pathname === '/api/students/40') return json([STUDENT]);
    if (pathname === '/api/payment-types')
      return json({
        data: [
          { id: 1, name: 'Cartão' },
          { id: 4, name: 'Boleto' },
        ],
      });
    if (pathname.startsWith('/api/service-types') || pathname.startsWith('/api/users')) return json({ data: [] });
    if (pathname.startsWith('/api/exports/')) return exportHandler(url);
    return json({ message: 'Rota não encontrada.' }, 404);
  });
  URL.createObjectURL = () => 'blob:relatorio';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const exportCalls = () => fetched.filter((u) => u.startsWith('/api/exports/'));

function open(path: string) {
  return render(
    <AdminStory path={`/admin/reports/${path}`} route="/admin/reports/*" resource="reports">
      <ReportPage />
    </AdminStory>,
  );
}

/** Types in a select that searches on the server and picks the option the server answered. */
async function search(label: string, text: string, option: string | RegExp) {
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const gerar = () => screen.getByRole('button', { name: /Gerar|Gerando/ });

describe('report form generated from the registry', () => {
  it("asks for the team with the registry's message and calls no report while it is empty", async () => {
    open('diario-de-classe');
    expect((await screen.findAllByRole('heading', { name: 'Diário de classe' })).length).toBeGreaterThan(0);
    fireEvent.click(gerar());
    expect(await screen.findByText('Por favor, selecione uma turma.')).toBeTruthy();
    expect(exportCalls()).toEqual([]);
  });

  it('names the three fields of the transfer report when one is missing', async () => {
    open('relatorio-de-repasse');
    await search('Turma', 'médio', 'TURMA MÉDIO 2026 A');
    fireEvent.change(screen.getByLabelText(/Data inicial/), { target: { value: '2026-03-01' } });
    fireEvent.click(gerar());
    expect(await screen.findByText('Por favor, selecione a turma, a data inicial e a data final.')).toBeTruthy();
    expect(exportCalls()).toEqual([]);
  });

  it('builds the path from the fields (team searched on the server, dates) and saves the file under its fixed name', async () => {
    open('relatorio-de-repasse');
    await search('Turma', 'médio', 'TURMA MÉDIO 2026 A');
    // The team select asked the server with what was typed, one page only.
    expect(fetched.some((u) => u.startsWith('/api/teams?search=m%C3%A9dio&perPage=20'))).toBe(true);
    fireEvent.change(screen.getByLabelText(/Data inicial/), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText(/Data final/), { target: { value: '2026-03-31' } });
    fireEvent.click(gerar());
    expect(await screen.findByText('Arquivo relatorio_de_repasse.xlsx gerado.')).toBeTruthy();
    expect(exportCalls()).toEqual(['/api/exports/transfer-report/3/start_date/2026-03-01/end_date/2026-03-31']);
    expect(saved).toEqual(['relatorio_de_repasse.xlsx']);
  });

  it("offers the current school year's teams, and every year's once the office chooses Todos os anos", async () => {
    currentYear = YEARS[1];
    open('relatorio-de-repasse');
    const year = await screen.findByRole('combobox', { name: 'Ano letivo' });
    await waitFor(() => expect(year.textContent).toBe('2026'));
    await search('Turma', 'médio', 'TURMA MÉDIO 2026 A');
    const teamSearches = () => fetched.filter((u) => u.startsWith('/api/teams?search=m%C3%A9dio'));
    expect(teamSearches().every((u) => u.includes('school_year_id=7'))).toBe(true);
    fireEvent.mouseDown(year);
    fireEvent.click(await screen.findByRole('option', { name: 'Todos os anos' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Turma' }), { target: { value: 'médio' } });
    await waitFor(() => expect(teamSearches().some((u) => !u.includes('school_year_id'))).toBe(true));
  });

  it('lists only the teams of the chosen student, and shows the report check as a warning instead of a file', async () => {
    exportHandler = () => json({ error: true, message: 'Esse aluno não possui notas para poder gerar um boletim.' });
    open('boletim-do-aluno');
    expect((screen.getByRole('combobox', { name: 'Turma' }) as HTMLElement).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Formato' }).textContent).toBe('PDF');
    await search('Aluno', 'helo', /HELOÍSA MARTINS COSTA/);
    await choose('Turma', 'ENFERMAGEM 2026.1');
    fireEvent.click(gerar());
    expect(await screen.findByText('Esse aluno não possui notas para poder gerar um boletim.')).toBeTruthy();
    expect(screen.getByText('Atenção!')).toBeTruthy();
    // The original client's path answers a spreadsheet; this form asks for the PDF it starts on.
    expect(exportCalls()).toEqual(['/api/exports/student-report-card/40/team/4?type_print=pdf']);
    expect(saved).toEqual([]);
  });

  it("'Gerar contrato' downloads the enrolment's issued contract and never issues it anew (that would void the family's copy)", async () => {
    exportHandler = () =>
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: { 'content-type': 'application/pdf' },
      });
    open('gerar-contrato');
    await search('Aluno', 'helo', /HELOÍSA MARTINS COSTA/);
    await choose('Turma', 'ENFERMAGEM 2026.1');
    fireEvent.click(gerar());
    await waitFor(() => expect(saved).toEqual(['contrato.pdf']));
    // One GET: before, a POST to the same path re-issued the contract under a new code first.
    expect(exportCalls()).toEqual(['/api/exports/student-contract/40/4']);

    exportHandler = () =>
      json(
        {
          message: 'Nenhum modelo de contrato foi escolhido. Escolha um texto de documento em Configurações da escola.',
        },
        409,
      );
    fireEvent.click(gerar());
    expect(
      await screen.findByText(
        'Nenhum modelo de contrato foi escolhido. Escolha um texto de documento em Configurações da escola.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Atenção!')).toBeTruthy();
  });

  it('asks before issuing a completion statement the server doubts, and issues it only when confirmed', async () => {
    const DOUBT =
      'Atenção: a turma só termina em 18/12/2026; o aluno está abaixo da média em Matemática. Emitir o atestado de conclusão mesmo assim?';
    exportHandler = (url) =>
      url.includes('confirm=1')
        ? new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: { 'content-type': 'application/pdf' },
          })
        : json({ error: true, confirm: true, message: DOUBT }, 409);
    open('atestado-de-conclusao-de-curso');
    await search('Aluno', 'helo', /HELOÍSA MARTINS COSTA/);
    await choose('Turma', 'ENFERMAGEM 2026.1');
    fireEvent.click(gerar());
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar a emissão' });
    expect(within(dialog).getByText(DOUBT)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([]);

    fireEvent.click(gerar());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Emitir mesmo assim' }));
    await waitFor(() => expect(saved).toEqual(['atestado_de_conclusao.pdf']));
    expect(exportCalls()).toEqual([
      '/api/exports/certificate-of-completion/40/team/4',
      '/api/exports/certificate-of-completion/40/team/4',
      '/api/exports/certificate-of-completion/40/team/4?confirm=1',
    ]);
  });

  it('shows the refusal of a completion statement for a student failed by attendance as a warning, with nothing to confirm', async () => {
    const REFUSAL = 'O aluno foi reprovado por falta em Matemática (40,0%, mínimo 75%).';
    exportHandler = () => json({ error: true, message: REFUSAL }, 409);
    open('atestado-de-conclusao-de-curso');
    await search('Aluno', 'helo', /HELOÍSA MARTINS COSTA/);
    await choose('Turma', 'ENFERMAGEM 2026.1');
    fireEvent.click(gerar());
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(screen.getByText('Atenção!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(exportCalls()).toEqual(['/api/exports/certificate-of-completion/40/team/4']);
    expect(saved).toEqual([]);
  });

  it('shows progress while the file is made and cannot be pressed twice', async () => {
    let finish: (r: Response) => void = () => undefined;
    exportHandler = () => new Promise<Response>((resolve) => (finish = resolve));
    open('alunos-por-turma');
    await search('Turma', 'enf', 'ENFERMAGEM 2026.1');
    fireEvent.click(gerar());
    await waitFor(() => expect(gerar().textContent).toContain('Gerando…'));
    expect((gerar() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Gerando o arquivo' })).toBeTruthy();
    fireEvent.click(gerar());
    fireEvent.submit(gerar().closest('form')!);
    expect(exportCalls()).toEqual(['/api/exports/students-per-class?team_id=4&extra_lines=1']);
    finish(new Response(new Blob(['PK']), { headers: { 'content-type': XLSX } }));
    await waitFor(() => expect(gerar().textContent).toBe('Gerar'));
    expect((gerar() as HTMLButtonElement).disabled).toBe(false);
    expect(saved).toEqual(['alunos_por_turma.xlsx']);
  });

  it("shows the filtered report's failure message when the server fails", async () => {
    exportHandler = () => json({ message: 'Erro interno do servidor. Tente novamente mais tarde.' }, 500);
    open('relatorio-financeiro-com-filtro');
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar' }));
    expect(await screen.findByText('Não foi possível gerar o arquivo. Verifique os logs.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('Limpar empties the form back to the defaults', async () => {
    open('alunos-por-turma');
    await search('Turma', 'enf', 'ENFERMAGEM 2026.1');
    fireEvent.change(screen.getByLabelText('Linhas extras'), { target: { value: '12a' } });
    expect((screen.getByLabelText('Linhas extras') as HTMLInputElement).value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect((screen.getByLabelText('Linhas extras') as HTMLInputElement).value).toBe('1');
    expect((screen.getByRole('combobox', { name: 'Turma' }) as HTMLInputElement).value).toBe('');
  });

  it('asks a month with a month input and saves the Bolsa Família CSV under its name', async () => {
    exportHandler = () => new Response('\uFEFFMatrícula;Aluno\r\n', { headers: { 'content-type': 'text/csv' } });
    open('frequencia-bolsa-familia');
    const month = screen.getByLabelText('Mês') as HTMLInputElement;
    expect(month.type).toBe('month');
    fireEvent.change(month, { target: { value: '2026-10' } });
    fireEvent.click(gerar());
    expect(await screen.findByText('Arquivo frequencia_bolsa_familia.csv gerado.')).toBeTruthy();
    expect(exportCalls()).toEqual(['/api/exports/bolsa-familia?month=2026-10']);
    expect(saved).toEqual(['frequencia_bolsa_familia.csv']);
  });
});

describe('the request of a filled form', () => {
  const financial = reportByPath('relatorio-financeiro-com-filtro') as FileReport;

  it('sends lists as name[], money in reais, the chosen format and the spec defaults (f.id, desc, xlsx)', () => {
    const values = {
      ...initialValues(financial),
      team: TEAMS,
      payment_type_id: ['4'],
      initial_value: '1.234,56',
      paid: '0',
      student_name: ' joão ',
    };
    expect(reportRequest(financial, values)).toEqual({
      ok: true,
      path: '/exports/report-financial-with-filter?team[]=3&team[]=4&payment_type_id[]=4&student_name=jo%C3%A3o&initial_value=1234.56&paid=0&_field_order=f.id&_direction=desc&type_print=xlsx',
      fileName: 'relatorio_financeiro.xlsx',
    });
    // A bare "100" or "100.00" is R$ 100,00, as "150,50" is R$ 150,50.
    for (const [typed, sent] of [
      ['100', '100.00'],
      ['100.00', '100.00'],
      ['150,50', '150.50'],
      ['0,05', '0.05'],
    ]) {
      expect(reportRequest(financial, { ...initialValues(financial), initial_value: typed }), typed).toMatchObject({
        ok: true,
        path: expect.stringContaining(`initial_value=${sent}&`),
      });
    }
    const pdf = reportRequest(financial, { ...initialValues(financial), type_print: 'pdf' });
    expect(pdf).toMatchObject({ ok: true, fileName: 'relatorio_financeiro.pdf' });
  });

  it('refuses money and integers typed wrong with a message naming the field', () => {
    const result = reportRequest(financial, { ...initialValues(financial), initial_value: '12,345', quota: '0' });
    expect(result).toEqual({
      ok: false,
      missing: [],
      errors: {
        initial_value: 'O campo Valor de deve ser um valor em reais, como 1.234,56.',
        quota: 'O campo Parcela deve ser um número inteiro a partir de 1.',
      },
    });
  });
});
