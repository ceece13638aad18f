import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { USER_KEY } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { reportByPath } from '../../reports';
import type { FileReport } from '../../reports/types';
import { ReceivablesPanel } from '../../src/admin/ReceivablesPanel';
import { FinanceTab } from '../../src/finance/FinanceTab';
import { chargesLink } from '../../src/admin/receivables';
import { initialValues, reportRequest, valuesFromQuery } from '../../src/reports/values';
import { AdminStory } from '../../stories/support';
import { ENROLMENTS } from '../../stories/support/finance';
import { RECEIVABLES } from '../../stories/support/receivables';
import { axeProblems } from './support/axe';

/** The FINANCEIRO dashboard on the admin's dashboard: its figures, their links, and who sees it. */

configure({ asyncUtilTimeout: 5000 });

let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url, 'http://escola.test').pathname);
    return new Response(JSON.stringify(RECEIVABLES), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedInWith = (permissions: string[]) =>
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 4, name: 'Tesouraria', email: 't@escola.com.br', permissions }));

const renderPanel = () =>
  render(
    <AdminStory path="/admin" dataProvider={dataProvider} titleBar={false}>
      <ReceivablesPanel />
    </AdminStory>,
  );

const REPORT = '/admin/reports/relatorio-financeiro-com-filtro';

it('shows the four figures, the months, the aging and the teams, each linking to its charges', async () => {
  signedInWith(['finance.read', 'reports.financial']);
  const { container } = renderPanel();
  const toReceive = await screen.findByTestId('cartao-a-receber');
  expect(toReceive.textContent).toContain('R$ 34.578,00');
  expect(toReceive.textContent).toContain('61 cobranças em aberto com vencimento no mês');
  expect(within(toReceive).getByRole('link').getAttribute('href')).toBe(
    `${REPORT}?start_date=2026-11-01&end_date=2026-11-30&paid=0`,
  );
  expect(within(screen.getByTestId('cartao-recebido')).getByRole('link').getAttribute('href')).toBe(
    `${REPORT}?start_pay_day=2026-11-01&end_pay_day=2026-11-30&paid=1`,
  );
  expect(screen.getByTestId('cartao-em-atraso').textContent).toContain('R$ 71.405,60');
  // 12 months together: late over due, 21.779.850 / 229.710.000 centavos.
  expect(screen.getByTestId('cartao-inadimplencia').textContent).toContain('9,5%');

  const aging = within(screen.getByRole('table', { name: 'Atraso por faixa de dias' }));
  expect(aging.getByRole('link', { name: 'Cobranças com Mais de 90 dias de atraso' }).getAttribute('href')).toBe(
    `${REPORT}?end_date=2026-08-27&paid=0`,
  );
  expect(aging.getByText('R$ 10.200,00')).toBeTruthy();

  const months = within(screen.getByRole('table', { name: 'Inadimplência por mês' }));
  expect(months.getByRole('link', { name: 'Cobranças vencidas em nov/2026' }).getAttribute('href')).toBe(
    `${REPORT}?start_date=2026-11-01&end_date=2026-11-25`,
  );
  expect(months.getByText('18,0%')).toBeTruthy();

  const teams = within(screen.getByRole('table', { name: 'Valores por turma' }));
  const overdue = teams.getByRole('link', { name: 'Em atraso da turma Enfermagem 2026.1: R$ 29.440,00' });
  expect(overdue.getAttribute('href')).toBe(`${REPORT}?end_date=2026-11-25&paid=0&team=3&team_name=Enfermagem+2026.1`);
  expect(teams.getByText('15,9%')).toBeTruthy();

  expect(asked).toEqual(['/api/indicators/receivables']);
  expect(await axeProblems(container)).toEqual([]);
});

it('shows the figures without links to a role that may not draw the financial reports', async () => {
  signedInWith(['finance.read']);
  renderPanel();
  expect((await screen.findByTestId('cartao-recebido')).textContent).toContain('R$ 162.843,50');
  expect(screen.queryAllByRole('link')).toEqual([]);
});

it('says one charge and two charges as Portuguese does: "1 cobrança paga", "2 cobranças vencidas"', async () => {
  signedInWith(['finance.read']);
  vi.stubGlobal('fetch', async () =>
    Response.json({
      ...RECEIVABLES,
      to_receive: { ...RECEIVABLES.to_receive, count: 1 },
      received: { ...RECEIVABLES.received, count: 1, total: 63503 },
      overdue: { ...RECEIVABLES.overdue, count: 2 },
    }),
  );
  renderPanel();
  const received = await screen.findByTestId('cartao-recebido');
  expect(received.textContent).toContain('R$ 635,03');
  expect(received.textContent).toContain('1 cobrança paga no mês');
  expect(screen.getByTestId('cartao-a-receber').textContent).toContain('1 cobrança em aberto com vencimento no mês');
  expect(screen.getByTestId('cartao-em-atraso').textContent).toContain('2 cobranças vencidas e não pagas');
});

it('is absent, and asks nothing, for a role without the finances', () => {
  signedInWith(['students.read', 'reports.general']);
  const { container } = renderPanel();
  expect(container.textContent).toBe('');
  expect(asked).toEqual([]);
});

it("fills the financial report's form from a figure's link, so it lists those charges", () => {
  const report = reportByPath('relatorio-financeiro-com-filtro') as FileReport;
  const link = chargesLink({ due_to: '2026-11-25', paid: 0, team_id: 3 }, 'Enfermagem 2026.1');
  const filled = valuesFromQuery(report, link.slice(link.indexOf('?')));
  expect(filled).toEqual({ team: [{ id: 3, name: 'Enfermagem 2026.1' }], end_date: '2026-11-25', paid: '0' });
  const request = reportRequest(report, { ...initialValues(report), ...filled });
  expect(request.ok).toBe(true);
  const query = new URLSearchParams((request as { path: string }).path.split('?')[1]);
  expect(query.getAll('team[]')).toEqual(['3']);
  expect(query.get('end_date')).toBe('2026-11-25');
  expect(query.get('paid')).toBe('0');
});

it("reads the figures again when a charge changes on a student's FINANCEIRO tab", async () => {
  signedInWith(['finance.read', 'finance.write']);
  let removed = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://escola.test').pathname;
    asked.push(`${init.method ?? 'GET'} ${path}`);
    if (init.method === 'DELETE') {
      removed = true;
      return Response.json({ message: 'Pendência financeira removida com sucesso!' });
    }
    if (path === '/api/indicators/receivables')
      return Response.json(
        removed
          ? { ...RECEIVABLES, to_receive: { ...RECEIVABLES.to_receive, count: 60, total: 3_392_800 } }
          : RECEIVABLES,
      );
    return Response.json({ data: [] });
  });
  render(
    <AdminStory path="/admin" dataProvider={dataProvider} titleBar={false} resource="alunos">
      <ReceivablesPanel />
      <FinanceTab studentId={9} enrolments={ENROLMENTS} />
    </AdminStory>,
  );
  expect((await screen.findByTestId('cartao-a-receber')).textContent).toContain('61 cobranças em aberto');
  fireEvent.click(screen.getByRole('button', { name: 'Remover parcela 2' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Sim, apague!' }));
  await waitFor(() => expect(screen.getByTestId('cartao-a-receber').textContent).toContain('60 cobranças em aberto'));
  expect(screen.getByTestId('cartao-a-receber').textContent).toContain('R$ 33.928,00');
  expect(asked.filter((a) => a === 'GET /api/indicators/receivables')).toHaveLength(2);
});
