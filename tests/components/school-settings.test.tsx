import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SchoolSettingsPage } from '../../src/school/SchoolSettingsPage';
import { AdminStory } from '../../stories/support';

/** Configurações da escola against a fake `/api` (fetch stubbed): the attendance rules of issue 25. */

configure({ asyncUtilTimeout: 5000 });

const SETTINGS = {
  school_name: 'Escola Estadual Professora Maria José',
  main_service: 'Verifique a autenticidade de seu Documento',
  email: 'secretaria@eemariajose.edu.br',
  phones: ['91988887777'],
  main_color: '#1E5AA8',
  secondary_color: '#0B2F5B',
  city: 'Belém - Pará',
  average_grade: 6,
  colored_logo: null,
  cover: null,
  contract_text_document_id: null,
  require_two_step: false,
  minimum_attendance: 75,
  justified_absences_count: false,
  notifications: {
    grades: true,
    documents: true,
    charge_due: true,
    charge_due_days: 3,
    charge_overdue: true,
    charge_overdue_days: 1,
  },
};

let sent: unknown[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      const notifications = body.notifications as Record<string, unknown> | undefined;
      const after = notifications?.charge_overdue_days;
      if (after !== undefined && (typeof after !== 'number' || after < 1 || after > 30))
        return Response.json(
          {
            message: 'Os dados fornecidos são inválidos.',
            errors: {
              'notifications.charge_overdue_days': [
                'Os dias depois do vencimento para o aviso de atraso devem ser um número inteiro de 1 a 30.',
              ],
            },
          },
          { status: 422 },
        );
      const days = notifications?.charge_due_days;
      if (typeof days !== 'number')
        return Response.json(
          {
            message: 'Os dados fornecidos são inválidos.',
            errors: {
              'notifications.charge_due_days': [
                'Os dias de antecedência do aviso de vencimento devem ser um número inteiro de 1 a 30.',
              ],
            },
          },
          { status: 422 },
        );
      if (body.minimum_attendance !== 80 && body.minimum_attendance !== 75)
        return Response.json(
          {
            message: 'Os dados fornecidos são inválidos.',
            errors: { minimum_attendance: ['A frequência mínima deve ser um número inteiro de 0 a 100.'] },
          },
          { status: 422 },
        );
      return Response.json({ data: { ...SETTINGS, ...body }, message: 'Configurações salvas com sucesso!' });
    }
    return Response.json({ data: SETTINGS });
  });
});
afterEach(() => vi.unstubAllGlobals());

it('shows the minimum attendance and whether justified absences count, and saves them as the API takes them', async () => {
  render(
    <AdminStory path="/admin/configuracoes">
      <SchoolSettingsPage />
    </AdminStory>,
  );
  const minimum = await screen.findByLabelText('Frequência mínima para aprovação (%)');
  expect((minimum as HTMLInputElement).value).toBe('75');
  const justified = screen.getByRole('switch', { name: 'Faltas justificadas (atestado) contam como faltas' });
  expect((justified as HTMLInputElement).checked).toBe(false);

  fireEvent.change(minimum, { target: { value: 'setenta' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  expect(await screen.findByText('A frequência mínima deve ser um número inteiro de 0 a 100.')).toBeTruthy();
  expect((minimum as HTMLInputElement).value).toBe('setenta');

  fireEvent.change(minimum, { target: { value: '80' } });
  fireEvent.click(justified);
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[0]).toMatchObject({ minimum_attendance: 'setenta', justified_absences_count: false });
  expect(sent[1]).toMatchObject({ minimum_attendance: 80, justified_absences_count: true });
  // Saved: the field's error is gone and the switch shows what the server answered.
  await waitFor(() =>
    expect(screen.queryByText('A frequência mínima deve ser um número inteiro de 0 a 100.')).toBeNull(),
  );
  expect((justified as HTMLInputElement).checked).toBe(true);
});

it("turns families' e-mails on and off and sends the days before a due date as a number", async () => {
  render(
    <AdminStory path="/admin/configuracoes">
      <SchoolSettingsPage />
    </AdminStory>,
  );
  const overdue = await screen.findByRole('switch', { name: 'Cobrança vencida' });
  expect((overdue as HTMLInputElement).checked).toBe(true);
  const days = screen.getByLabelText('Avisar quantos dias antes do vencimento');
  expect((days as HTMLInputElement).value).toBe('3');

  fireEvent.change(days, { target: { value: 'cinco' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  expect(
    await screen.findByText('Os dias de antecedência do aviso de vencimento devem ser um número inteiro de 1 a 30.'),
  ).toBeTruthy();
  expect((days as HTMLInputElement).value).toBe('cinco');

  fireEvent.change(days, { target: { value: '5' } });
  fireEvent.click(overdue);
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toMatchObject({
    notifications: { grades: true, documents: true, charge_due: true, charge_due_days: 5, charge_overdue: false },
  });
  await waitFor(() => expect((overdue as HTMLInputElement).checked).toBe(false));
  expect(screen.queryByText(/devem ser um número inteiro de 1 a 30/)).toBeNull();
});

it('sets how many days after the due date the overdue reminder goes, its message under its own field', async () => {
  render(
    <AdminStory path="/admin/configuracoes">
      <SchoolSettingsPage />
    </AdminStory>,
  );
  const after = await screen.findByLabelText('Avisar quantos dias depois do vencimento');
  expect((after as HTMLInputElement).value).toBe('1');
  const before = screen.getByLabelText('Avisar quantos dias antes do vencimento');

  fireEvent.change(after, { target: { value: '45' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  const message = await screen.findByText(
    'Os dias depois do vencimento para o aviso de atraso devem ser um número inteiro de 1 a 30.',
  );
  // Under the field it is about, not the days before.
  expect(after.closest('.MuiFormControl-root')!.contains(message)).toBe(true);
  expect(before.closest('.MuiFormControl-root')!.contains(message)).toBe(false);

  fireEvent.change(after, { target: { value: '5' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toMatchObject({ notifications: { charge_overdue: true, charge_overdue_days: 5 } });
  await waitFor(() => expect(screen.queryByText(/dias depois do vencimento para o aviso/)).toBeNull());

  // Off: its number cannot be changed.
  fireEvent.click(screen.getByRole('switch', { name: 'Cobrança vencida' }));
  expect((after as HTMLInputElement).disabled).toBe(true);
});
