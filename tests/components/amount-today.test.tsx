import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PendenciesTable } from '../../src/finance/PendenciesTable';
import type { Charge } from '../../src/finance/charges';
import { CHARGES } from '../../stories/support/finance';

/** Tab FINANCEIRO's "Valor hoje" (issue 27): an unpaid charge shows today's total when it is not its value. */

configure({ asyncUtilTimeout: 5000 });

// The student's record carries each unpaid charge's amount due today (server/finance/routes.ts); nothing is asked.
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return Response.json({ message: 'Rota não encontrada.' }, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const OVERDUE = { principal: 123456, discount: 0, fine: 2469, interest: 84362, total: 210287 };
const AS_IS = { principal: 15020, discount: 0, fine: 0, interest: 0, total: 15020 };
let charges: Charge[];
beforeEach(() => {
  charges = CHARGES.map((c) => ({ ...c, amount_due: c.paid ? null : c.id === 2 ? OVERDUE : AS_IS }));
});

const renderTable = () =>
  render(
    <PendenciesTable
      charges={charges}
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
  // An open charge that owes its value today shows a dash; nothing is asked of the server per charge.
  expect(asked).toEqual([]);
  const open = screen.getByRole('radio', { name: 'Selecionar parcela 3' }).closest('tr')!;
  const cells = within(open)
    .getAllByRole('cell')
    .map((c) => c.textContent);
  expect(cells[cells.indexOf('R$ 150,20') + 1]).toBe('—');
});

it('shows the discounted total of an open charge with a scholarship, before its due date', async () => {
  charges[2] = { ...charges[2], amount_due: { principal: 15020, discount: 1502, fine: 0, interest: 0, total: 13518 } };
  renderTable();
  const open = screen.getByRole('radio', { name: 'Selecionar parcela 3' }).closest('tr')!;
  expect(await within(open).findByText('R$ 135,18')).toBeTruthy();
  expect(within(open).getByLabelText('Valor R$ 150,20, desconto R$ 15,02')).toBeTruthy();
});
