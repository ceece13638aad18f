import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplyPlanDialog } from '../../src/finance/ApplyPlanDialog';
import { AdminStory } from '../../stories/support';
import { PLAN_ENROLMENTS, PLANS } from '../../stories/support/plans';

/** "Aplicar plano" against a fake `/api` (fetch stubbed): the preview the secretary sees and what is sent. */

configure({ asyncUtilTimeout: 5000 });

let calls: { url: string; method: string; body: unknown }[];
let applyAnswer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  applyAnswer = { status: 201, body: { data: [], message: '12 pendências financeiras adicionadas com sucesso!' } };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const answer = url.startsWith('/api/payment-plans')
      ? { status: 200, body: { data: PLANS } }
      : url.includes('/apply-plan')
        ? applyAnswer
        : { status: 404, body: { message: 'Rota não encontrada.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(onClose = vi.fn()) {
  render(
    <AdminStory titleBar={false} resource="alunos">
      <ApplyPlanDialog open enrolments={PLAN_ENROLMENTS} enrolmentId={42} onClose={onClose} />
    </AdminStory>,
  );
  return onClose;
}

async function choosePlan(name: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Plano de pagamento/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

const previewRows = () =>
  within(screen.getByRole('table', { name: 'Parcelas do plano' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Aplicar plano', () => {
  it('previews every instalment with its due date (clamped to the month end) and value before confirming', async () => {
    renderDialog();
    await choosePlan('Curso de Férias — Robótica');
    expect(screen.getByText('3 × R$ 189,90 = R$ 569,70 · Curso livre · PIX')).toBeTruthy();
    expect(previewRows()).toEqual([
      ['1/3', '31/01/2027', 'R$ 189,90'],
      ['2/3', '28/02/2027', 'R$ 189,90'],
      ['3/3', '31/03/2027', 'R$ 189,90'],
    ]);
    // The office moves the first due date: the next ones keep its day.
    fireEvent.change(screen.getByLabelText('Primeiro vencimento (opcional)'), { target: { value: '2027-02-15' } });
    expect(previewRows().map((r) => r[1])).toEqual(['15/02/2027', '15/03/2027', '15/04/2027']);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the plan and the first due date to the enrolment, then closes', async () => {
    const onClose = renderDialog();
    await choosePlan('Mensalidade 2027 — Ensino Fundamental');
    expect(previewRows()).toHaveLength(12);
    expect(previewRows()[11]).toEqual(['12/12', '10/01/2028', 'R$ 1.250,00']);
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar plano' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/registrations/42/apply-plan',
      method: 'POST',
      body: { payment_plan_id: 1, first_due_date: null },
    });
  });

  it("shows the server's refusal and stays open", async () => {
    applyAnswer = {
      status: 409,
      body: { message: 'Esta matrícula já tem as cobranças do plano “Mensalidade 2027 — Ensino Fundamental”.' },
    };
    const onClose = renderDialog();
    await choosePlan('Mensalidade 2027 — Ensino Fundamental');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar plano' }));
    expect(
      await screen.findByText('Esta matrícula já tem as cobranças do plano “Mensalidade 2027 — Ensino Fundamental”.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a plan before sending anything', async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Aplicar plano' }));
    expect(await screen.findByText('Selecione o plano de pagamento.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
