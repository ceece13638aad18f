import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SchoolSettingsPage } from '../../src/school/SchoolSettingsPage';
import { AdminStory } from '../../stories/support';

/** Configurações da escola › Multa, juros e descontos (issue 27) against a fake `/api` (fetch stubbed). */

configure({ asyncUtilTimeout: 5000 });

const FINE_INVALID = 'A multa por atraso deve ser de 0% a 2% (Código de Defesa do Consumidor, art. 52, § 1º).';

const SETTINGS = {
  school_name: 'Escola Estadual Professora Maria José',
  main_service: null,
  email: null,
  phones: [],
  main_color: '#1E5AA8',
  secondary_color: '#0B2F5B',
  city: null,
  average_grade: 6,
  colored_logo: null,
  cover: null,
  contract_text_document_id: null,
  require_two_step: false,
  minimum_attendance: 75,
  justified_absences_count: false,
  notifications: { grades: true, documents: true, charge_due: true, charge_due_days: 3, charge_overdue: true },
  late_fees: { fine_percent: 2, interest_percent: 1, punctuality: null },
};

let sent: Record<string, unknown>[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      const fees = body.late_fees as { fine_percent: string; punctuality: { value: string } | null };
      if (fees.fine_percent === '3')
        return Response.json({ message: FINE_INVALID, errors: { late_fees: [FINE_INVALID] } }, { status: 422 });
      const late_fees = {
        fine_percent: Number(fees.fine_percent.replace(',', '.')),
        interest_percent: 1,
        punctuality: fees.punctuality ? { kind: 'amount', value: 25.5, days_before: 5 } : null,
      };
      return Response.json({ data: { ...SETTINGS, ...body, late_fees }, message: 'Configurações salvas com sucesso!' });
    }
    return Response.json({ data: SETTINGS });
  });
});
afterEach(() => vi.unstubAllGlobals());

it('shows 2 % fine and 1 % interest, refuses a 3 % fine with the law, and saves a punctuality discount in reais', async () => {
  render(
    <AdminStory path="/admin/configuracoes">
      <SchoolSettingsPage />
    </AdminStory>,
  );
  expect(await screen.findByText('Multa, juros e descontos')).toBeTruthy();
  const fine = screen.getByLabelText('Multa por atraso (%)') as HTMLInputElement;
  expect(fine.value).toBe('2');
  expect((screen.getByLabelText('Juros de mora ao mês (%)') as HTMLInputElement).value).toBe('1');
  const punctual = screen.getByRole('switch', { name: 'Desconto de pontualidade' }) as HTMLInputElement;
  expect(punctual.checked).toBe(false);
  expect(screen.queryByLabelText('Dias antes do vencimento')).toBeNull();

  fireEvent.change(fine, { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  expect(await screen.findByText(FINE_INVALID)).toBeTruthy();

  fireEvent.change(fine, { target: { value: '1,5' } });
  fireEvent.click(punctual);
  fireEvent.mouseDown(screen.getByLabelText('Tipo do desconto'));
  fireEvent.click(within(screen.getByRole('listbox')).getByText('Valor (R$)'));
  fireEvent.change(screen.getByLabelText('Desconto (R$)'), { target: { value: '25,50' } });
  fireEvent.change(screen.getByLabelText('Dias antes do vencimento'), { target: { value: '5' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1].late_fees).toEqual({
    fine_percent: '1,5',
    interest_percent: '1',
    punctuality: { kind: 'amount', value: '25,50', days_before: 5 },
  });
  await waitFor(() => expect(screen.queryByText(FINE_INVALID)).toBeNull());
  expect(fine.value).toBe('1,5');
  expect((screen.getByLabelText('Desconto (R$)') as HTMLInputElement).value).toBe('25,50');
});
