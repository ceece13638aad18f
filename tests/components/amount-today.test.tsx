import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PendenciesTable } from '../../src/finance/PendenciesTable';
import { CHARGES } from '../../stories/support/finance';

/** Tab FINANCEIRO's "Valor hoje" (issue 27): an overdue charge shows today's total, asked of the server. */

configure({ asyncUtilTimeout: 5000 });

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body =
      url === '/api/financials/2/amount-due'
        ? { principal: 123456, discount: 0, fine: 2469, interest: 84362, total: 210287 }
        : { message: 'Rota não encontrada.' };
    return Response.json(body, { status: url === '/api/financials/2/amount-due' ? 200 : 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

it('shows beside the value of an overdue charge what it owes today, with fine and interest, and a dash elsewhere', async () => {
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
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers.slice(headers.indexOf('Valor'), headers.indexOf('Valor') + 2)).toEqual(['Valor', 'Valor hoje']);
  const overdue = screen.getByRole('radio', { name: 'Selecionar parcela 2' }).closest('tr')!;
  expect(await within(overdue).findByText('R$ 2.102,87')).toBeTruthy();
  expect(within(overdue).getByLabelText('Valor R$ 1.234,56, multa R$ 24,69, juros R$ 843,62')).toBeTruthy();
  const open = screen.getByRole('radio', { name: 'Selecionar parcela 3' }).closest('tr')!;
  const cells = within(open)
    .getAllByRole('cell')
    .map((c) => c.textContent);
  expect(cells[cells.indexOf('R$ 150,20') + 1]).toBe('—');
  // Only the overdue charge is asked about: paid and open ones owe their value.
  expect(asked).toEqual(['/api/financials/2/amount-due']);
});
