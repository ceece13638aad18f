import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PendenciesTable } from '../../src/finance/PendenciesTable';
import { CHARGES } from '../../stories/support/finance';

/** Tab FINANCEIRO's "Valor hoje" (issue 27): an unpaid charge shows today's total when it is not its value. */

configure({ asyncUtilTimeout: 5000 });

let asked: string[];
let ANSWERS: Record<string, object>;
beforeEach(() => {
  asked = [];
  ANSWERS = {
    '/api/financials/2/amount-due': { principal: 123456, discount: 0, fine: 2469, interest: 84362, total: 210287 },
  };
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body = ANSWERS[url];
    return Response.json(body ?? { message: 'Rota não encontrada.' }, { status: body ? 200 : 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTable = () =>
  render(
    <PendenciesTable
      charges={CHARGES}
      caption="000042 / Enfermagem"
      selectedId={null}
      onSelect={vi.fn()}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
      onPay={vi.fn()}
      today="2026-11-23"
    />,
  );

it('shows beside the value of an overdue charge what it owes today, with fine and interest, and a dash elsewhere', async () => {
  renderTable();
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers.slice(headers.indexOf('Valor'), headers.indexOf('Valor') + 2)).toEqual(['Valor', 'Valor hoje']);
  const overdue = screen.getByRole('radio', { name: 'Selecionar parcela 2' }).closest('tr')!;
  expect(await within(overdue).findByText('R$ 2.102,87')).toBeTruthy();
  expect(within(overdue).getByLabelText('Valor R$ 1.234,56, multa R$ 24,69, juros R$ 843,62')).toBeTruthy();
  // An open charge that owes its value today shows a dash; paid charges are not asked about.
  await vi.waitFor(() =>
    expect(asked.sort()).toEqual(['/api/financials/2/amount-due', '/api/financials/3/amount-due']),
  );
  const open = screen.getByRole('radio', { name: 'Selecionar parcela 3' }).closest('tr')!;
  const cells = within(open)
    .getAllByRole('cell')
    .map((c) => c.textContent);
  expect(cells[cells.indexOf('R$ 150,20') + 1]).toBe('—');
});

it('shows the discounted total of an open charge with a scholarship, before its due date', async () => {
  ANSWERS['/api/financials/3/amount-due'] = { principal: 15020, discount: 1502, fine: 0, interest: 0, total: 13518 };
  renderTable();
  const open = screen.getByRole('radio', { name: 'Selecionar parcela 3' }).closest('tr')!;
  expect(await within(open).findByText('R$ 135,18')).toBeTruthy();
  expect(within(open).getByLabelText('Valor R$ 150,20, desconto R$ 15,02')).toBeTruthy();
});
