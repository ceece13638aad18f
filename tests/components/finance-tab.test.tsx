import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useGetOne, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FinanceTab } from '../../src/finance/FinanceTab';
import { PendenciesTable } from '../../src/finance/PendenciesTable';
import { AdminStory } from '../../stories/support';
import { schoolDayOf } from '../../resources/format';
import {
  charge,
  CHARGES,
  ENROLMENTS,
  OVERDUE_CHARGE,
  PAID_ON_PORTAL,
  PIX_ANSWER,
  STORED_BOLETO,
  STORED_PIX,
} from '../../stories/support/finance';

/** Tab FINANCEIRO against a fake `/api` (fetch stubbed): what the secretary sees and what is sent. */

// The machine is shared: a dialog or a toast may take more than the default second to show.
configure({ asyncUtilTimeout: 5000 });

type Answer = { status: number; body: unknown };
let calls: { url: string; method: string; body: unknown }[];
let postAnswer: Answer;
let payAnswer: Answer;
let putAnswer: Answer;

beforeEach(() => {
  calls = [];
  payAnswer = { status: 200, body: {} };
  putAnswer = { status: 200, body: { message: 'Pendência financeira atualizada com sucesso!' } };
  postAnswer = { status: 201, body: { data: [], message: '12 pendências financeiras adicionadas com sucesso!' } };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const answer: Answer =
      method === 'POST' && url === '/api/financials'
        ? postAnswer
        : method === 'PUT'
          ? putAnswer
          : method === 'DELETE'
            ? { status: 200, body: { message: 'Pendência financeira removida com sucesso!' } }
            : url.startsWith('/api/mercadopago/')
              ? payAnswer
              : url.startsWith('/api/service-types')
                ? { status: 200, body: { data: [{ id: 1, name: 'Mensalidade' }] } }
                : url.startsWith('/api/payment-types')
                  ? { status: 200, body: { data: [{ id: 4, name: 'Boleto' }] } }
                  : url.startsWith('/api/exports/')
                    ? { status: 200, body: '%PDF-1.4' }
                    : { status: 404, body: { message: 'Rota não encontrada.' } };
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () =>
  render(
    <AdminStory titleBar={false} resource="alunos">
      <FinanceTab studentId={9} enrolments={ENROLMENTS} />
    </AdminStory>,
  );

const rowOf = (quota: number) => screen.getByRole('radio', { name: `Selecionar parcela ${quota}` }).closest('tr')!;
const posts = () => calls.filter((c) => c.method === 'POST');

describe('pendencies table', () => {
  it('paints paid rows green and unpaid past-due rows red, and shows dates and money as written', () => {
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
    const paid = within(rowOf(1));
    expect(paid.getByText('Sim, em 09/02/2026')).toBeTruthy();
    expect(paid.getByText('10/02/2026')).toBeTruthy();
    expect(paid.getByText('R$ 1.234,56')).toBeTruthy();
    expect(getComputedStyle(rowOf(1)).backgroundColor).toBe('rgb(227, 244, 228)');
    expect(within(rowOf(2)).getByText('Não — vencida')).toBeTruthy();
    expect(getComputedStyle(rowOf(2)).backgroundColor).toBe('rgb(253, 231, 231)');
    const open = within(rowOf(3));
    expect(open.getByText('Não')).toBeTruthy();
    expect(open.getByText('R$ 150,20')).toBeTruthy();
    expect(getComputedStyle(rowOf(3)).backgroundColor).not.toMatch(/rgb\((227, 244, 228|253, 231, 231)\)/);
    // Payment links only for what is still to be paid.
    expect(open.getByRole('button', { name: 'Cobrar parcela 3' })).toBeTruthy();
    expect(paid.queryByRole('button', { name: 'Cobrar parcela 1' })).toBeNull();
  });

  it("says 'pagamento divergente' with what was paid on an unpaid charge, and 'Simulação' on one paid in the simulation", () => {
    const divergent = charge({
      id: 5,
      value_cents: 500000,
      payment_divergence: {
        payment_id: '77',
        paid_cents: 1000,
        currency: 'BRL',
        expected_cents: 500000,
        reasons: ['valor diferente do atual da pendência'],
      },
    });
    const simulated = charge({
      id: 6,
      paid: 1,
      pay_day: '2026-11-23',
      paid_user: { id: 1, name: 'Secretária Ana' },
      gateway_response: JSON.stringify({ id: 12, status: 'approved', sandbox: true }),
    });
    render(
      <PendenciesTable
        charges={[divergent, simulated]}
        caption="x"
        selectedId={null}
        onSelect={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onPay={vi.fn()}
        today="2026-11-23"
      />,
    );
    expect(within(rowOf(5)).getByText('Não — pagamento divergente: R$ 10,00 pago, esperado R$ 5.000,00')).toBeTruthy();
    expect(within(rowOf(5)).getByRole('button', { name: 'Cobrar parcela 5' })).toBeTruthy();
    expect(within(rowOf(6)).getByText('Sim, em 23/11/2026 (Simulação)')).toBeTruthy();
    expect(within(rowOf(6)).queryByText(/Mercado Pago/)).toBeNull();
  });

  it('calls a charge due today open, not overdue, on the school calendar', () => {
    render(
      <PendenciesTable
        charges={[CHARGES[1]]}
        caption="x"
        selectedId={null}
        onSelect={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onPay={vi.fn()}
        today="2020-03-10"
      />,
    );
    expect(within(rowOf(2)).getByText('Não')).toBeTruthy();
    expect(screen.queryByText('Não — vencida')).toBeNull();
  });

  it('shows the provider as payer of what it paid and hides its update button', () => {
    renderTab();
    const provider = within(rowOf(4));
    expect(
      provider.getByText((_, el) => el?.tagName === 'DIV' && el.textContent === 'Pago por: Mercado Pago'),
    ).toBeTruthy();
    expect(provider.queryByRole('button', { name: 'Editar parcela 4' })).toBeNull();
    expect(provider.getByRole('button', { name: 'Remover parcela 4' })).toBeTruthy();
    expect(within(rowOf(1)).getByRole('button', { name: 'Editar parcela 1' })).toBeTruthy();
  });
});

describe('pendencies in order, with who recorded them', () => {
  it('lists by due date (an overdue instalment first) and heads the staff column "Quem registrou"', () => {
    const future = Array.from({ length: 12 }, (_, i) =>
      charge({ id: i + 1, due_date: `2099-${String(i + 1).padStart(2, '0')}-10` }),
    );
    const overdue = charge({ id: 13, due_date: '2020-03-10' });
    render(
      <PendenciesTable
        charges={[...future, overdue]}
        caption="000042 / Enfermagem"
        selectedId={null}
        onSelect={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onPay={vi.fn()}
        today="2026-11-23"
      />,
    );
    const quotas = screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'));
    expect(quotas.slice(0, 3)).toEqual(['Selecionar parcela 13', 'Selecionar parcela 1', 'Selecionar parcela 2']);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Quem registrou');
    expect(headers).not.toContain('Responsáveis');
  });
});

describe('add form', () => {
  const fill = async (quantity: string) => {
    renderTab();
    fireEvent.change(screen.getByLabelText('Valor'), { target: { value: '1.234,56' } });
    fireEvent.change(screen.getByLabelText('Primeiro vencimento'), { target: { value: '2027-01-31' } });
    fireEvent.change(screen.getByLabelText('Quantidade de parcelas'), { target: { value: quantity } });
  };

  it('refuses a missing or zero quantity with the spec message, sending nothing', async () => {
    for (const quantity of ['', '0']) {
      await fill(quantity);
      fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
      const input = screen.getByLabelText('Quantidade de parcelas');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getAllByText('Por favor, preencha a quantidade de forma correta.').length).toBeGreaterThan(0);
      expect(posts()).toEqual([]);
      document.body.innerHTML = '';
    }
  });

  it('keeps only digits in the quantity and the value as typed, 1.234,56', async () => {
    await fill('1a2');
    expect((screen.getByLabelText('Quantidade de parcelas') as HTMLInputElement).value).toBe('12');
    expect((screen.getByLabelText('Valor') as HTMLInputElement).value).toBe('1.234,56');
  });

  it('tells, at the field, that the letters typed in the quantity were dropped', async () => {
    await fill('doze');
    const input = screen.getByLabelText('Quantidade de parcelas') as HTMLInputElement;
    expect(input.value).toBe('');
    expect(screen.getByText('O campo Quantidade de parcelas deve conter apenas números.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.queryByText('O campo Quantidade de parcelas deve conter apenas números.')).toBeNull();
  });

  it('refuses 999 instalments naming the limit, sending nothing', async () => {
    await fill('999');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.getByLabelText('Quantidade de parcelas').getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findAllByText('A quantidade de parcelas deve ser de 1 a 120.')).length).toBeGreaterThan(0);
    expect(posts()).toEqual([]);
  });

  it('offers the number of the first instalment, as the spec form does, and sends it', async () => {
    await fill('3');
    fireEvent.change(screen.getByLabelText('Primeira parcela'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('12 pendências financeiras adicionadas com sucesso!')).toBeTruthy();
    expect(posts()[0].body).toMatchObject({ quota: 5, repetitions: 3 });
  });

  it('sends N instalments in one POST with the value as a decimal number', async () => {
    await fill('12');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('12 pendências financeiras adicionadas com sucesso!')).toBeTruthy();
    expect(posts()).toEqual([
      {
        url: '/api/financials',
        method: 'POST',
        body: {
          registration_id: null,
          value: 1234.56,
          due_date: '2027-01-31',
          service_type_id: null,
          payment_type: null,
          paid: 0,
          observations: null,
          repetitions: 12,
        },
      },
    ]);
  });

  it("marks the fields of the server's 422 in red with their messages", async () => {
    postAnswer = {
      status: 422,
      body: {
        message: 'Selecione a matrícula. (e mais 1 erro)',
        errors: {
          registration_id: ['Selecione a matrícula.'],
          payment_type_id: ['Forma de pagamento não encontrada.'],
        },
      },
    };
    await fill('1');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    // The toast counts the marked fields, as every form does (src/components/serverErrors.ts).
    expect(await screen.findByText('2 campos precisam de atenção: veja as mensagens em vermelho.')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Adicionar pendência financeira' }));
    expect(form.getByText('Selecione a matrícula.')).toBeTruthy();
    expect(form.getByText('Forma de pagamento não encontrada.')).toBeTruthy();
    expect(form.getByLabelText('Matrícula').closest('.MuiInputBase-root')!.className).toMatch(/Mui-error/);
    expect(form.getByLabelText('Forma de pagamento').closest('.MuiInputBase-root')!.className).toMatch(/Mui-error/);
    expect(form.getByLabelText('Valor').getAttribute('aria-invalid')).toBe('false');
  });
});

describe('receipt', () => {
  it('asks for a selected charge when none is', async () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Recibo' }));
    expect(await screen.findByText('Por favor, selecione uma pendência financeira.')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/exports/'))).toEqual([]);
  });

  it('refuses the receipt of an unpaid charge', async () => {
    renderTab();
    fireEvent.click(screen.getByRole('radio', { name: 'Selecionar parcela 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Recibo' }));
    expect(await screen.findByText('O recibo só pode ser emitido para uma pendência paga.')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/exports/'))).toEqual([]);
  });

  it('downloads recibo-{id}.pdf of the selected paid charge (selected by clicking its row)', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, { createObjectURL: () => 'blob:recibo', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderTab();
    fireEvent.click(within(rowOf(1)).getByText('Pago no balcão'));
    expect((screen.getByRole('radio', { name: 'Selecionar parcela 1' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Recibo' }));
    await waitFor(() => expect(saved).toEqual(['recibo-1.pdf']));
    expect(calls.filter((c) => c.url.startsWith('/api/exports/')).map((c) => c.url)).toEqual([
      '/api/exports/receipt/1',
    ]);
    click.mockRestore();
  });
});

describe('payment links', () => {
  const withStoredBoleto = [
    { ...ENROLMENTS[0], financials: [charge({ id: 3, value_cents: 15020, gateway_response: STORED_BOLETO })] },
  ];
  // No payment type: every link is offered.
  const untyped = [
    {
      ...ENROLMENTS[0],
      financials: [charge({ id: 3, value_cents: 15020, payment_type: null, payment_type_id: null })],
    },
  ];
  const renderWith = (enrolments = withStoredBoleto) =>
    render(
      <AdminStory titleBar={false} resource="alunos">
        <FinanceTab studentId={9} enrolments={enrolments} />
      </AdminStory>,
    );
  const choose = async (quota: number, item: string) => {
    fireEvent.click(screen.getByRole('button', { name: `Cobrar parcela ${quota}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: item }));
  };

  it('warns of the open boleto with its link, pre-checks the due date, and opens the new boleto in a new tab', async () => {
    const opened: unknown[][] = [];
    vi.stubGlobal('open', (...args: unknown[]) => opened.push(args));
    payAnswer = {
      status: 200,
      body: {
        id: 9100,
        sandbox: true,
        payment_type_id: 'ticket',
        digitable_line: '23790.00009 00000.000000 00000.000000 1 00000000015020',
        transaction_details: { external_resource_url: 'http://127.0.0.1/api/payments/sandbox/9100' },
      },
    };
    renderWith();
    await choose(3, 'Boleto');
    const dialog = within(await screen.findByRole('dialog', { name: 'Boleto — parcela 3' }));
    expect(dialog.getByText('Já existe um boleto em aberto para esta pendência.')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Abrir o boleto em aberto' }).getAttribute('href')).toBe(
      'http://127.0.0.1:3000/api/payments/sandbox/9001',
    );
    expect((dialog.getByLabelText('Usar o vencimento da pendência') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Gerar novo boleto' }));
    expect(await dialog.findByText('Simulação: nenhum dinheiro é cobrado.')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/mercadopago/'))).toEqual([
      { url: '/api/mercadopago/ticket/3', method: 'POST', body: { method: 'boleto', date_of_expiration: true } },
    ]);
    expect(opened).toEqual([['http://127.0.0.1/api/payments/sandbox/9100', '_blank', 'noopener']]);
  });

  it("offers in 'Cobrar' what the charge's type allows: a pay link for 1 and 2, a boleto for 4, nothing for cash", async () => {
    const typed = (id: number, type: number | null) =>
      charge({ id, payment_type_id: type, payment_type: type === null ? null : { id: type, name: `Tipo ${type}` } });
    renderWith([
      { ...ENROLMENTS[0], financials: [typed(1, 1), typed(2, 2), typed(3, 3), typed(4, 4), typed(5, null)] },
    ]);
    const offered = async (quota: number) => {
      fireEvent.click(screen.getByRole('button', { name: `Cobrar parcela ${quota}` }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return items;
    };
    expect(await offered(1)).toEqual(['Cartão (link)']);
    expect(await offered(2)).toEqual(['Cartão (link)']);
    expect(within(rowOf(3)).queryByRole('button', { name: 'Cobrar parcela 3' })).toBeNull();
    expect(await offered(4)).toEqual(['Boleto']);
    expect(await offered(5)).toEqual(['Boleto', 'PIX', 'Cartão (link)']);
  });

  it("says in the dialog that a due date already gone cannot be the boleto's, and does not ask for it", async () => {
    payAnswer = {
      status: 200,
      body: {
        id: 9101,
        payment_type_id: 'ticket',
        transaction_details: { external_resource_url: 'https://boleto.test/9101' },
      },
    };
    vi.stubGlobal('open', () => null);
    renderWith([
      { ...ENROLMENTS[0], financials: [charge({ id: 3, due_date: '2020-03-10', gateway_response: STORED_BOLETO })] },
    ]);
    await choose(3, 'Boleto');
    const dialog = within(await screen.findByRole('dialog', { name: 'Boleto — parcela 3' }));
    expect(
      dialog.getByText(
        'O vencimento desta pendência (10/03/2020) já passou: o boleto não pode vencer nesse dia e terá o prazo padrão.',
      ),
    ).toBeTruthy();
    const option = dialog.getByLabelText('Usar o vencimento da pendência') as HTMLInputElement;
    expect(option.checked).toBe(false);
    expect(option.disabled).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Gerar novo boleto' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/mercadopago/')).map((c) => c.body)).toEqual([
        { method: 'boleto', date_of_expiration: false },
      ]),
    );
  });

  it('shows why the provider was not called: the student data that is missing', async () => {
    payAnswer = {
      status: 422,
      body: {
        message: 'Complete o cadastro do aluno para gerar a cobrança: falta CPF.',
        errors: { student: ['Complete o cadastro do aluno para gerar a cobrança: falta CPF.'] },
      },
    };
    renderWith(untyped);
    await choose(3, 'PIX');
    const dialog = within(await screen.findByRole('dialog', { name: 'PIX — parcela 3' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Gerar PIX' }));
    expect((await dialog.findAllByText('Complete o cadastro do aluno para gerar a cobrança: falta CPF.')).length).toBe(
      1,
    );
  });

  it("says 'URL não encontrada no response' when the card checkout comes back without a link", async () => {
    const opened: unknown[][] = [];
    vi.stubGlobal('open', (...args: unknown[]) => opened.push(args));
    payAnswer = { status: 200, body: { id: 'pref-1' } };
    renderWith(untyped);
    await choose(3, 'Cartão (link)');
    expect(await screen.findByText('URL não encontrada no response')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/mercadopago/')).map((c) => c.url)).toEqual([
      '/api/mercadopago/preference/3',
    ]);
    expect(opened).toEqual([]);
  });
});

describe('a payment made elsewhere', () => {
  it('turns the row green when the tab comes back into view, without a reload', async () => {
    let paid = false;
    const record = () => ({
      id: 9,
      enrolments: [
        {
          ...ENROLMENTS[0],
          financials: [
            charge({
              id: 3,
              payment_type_id: null,
              payment_type: null,
              ...(paid ? { paid: 1, pay_day: '2026-11-25', paid_user: { id: 100, name: 'Mercado Pago' } } : {}),
            }),
          ],
        },
      ],
    });
    const dataProvider = { getOne: async () => ({ data: record() }) } as unknown as DataProvider;
    function Live() {
      const { data } = useGetOne('alunos', { id: 9 });
      return data ? <FinanceTab studentId={9} enrolments={data.enrolments} /> : null;
    }
    render(
      <AdminStory titleBar={false} resource="alunos" dataProvider={dataProvider}>
        <Live />
      </AdminStory>,
    );
    await waitFor(() => expect(rowOf(3).getAttribute('data-situacao')).toBe('open'));
    // Paid on the payment page in another tab; the secretary comes back to this one.
    paid = true;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(rowOf(3).getAttribute('data-situacao')).toBe('paid'));
  });
});

describe('the PIX dialog', () => {
  const withCharge = (c: ReturnType<typeof charge>) => [{ ...ENROLMENTS[0], financials: [c] }];
  const openPixOf = async (quota: number) => {
    fireEvent.click(screen.getByRole('button', { name: `Cobrar parcela ${quota}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PIX' }));
    return within(await screen.findByRole('dialog', { name: `PIX — parcela ${quota}` }));
  };

  it("heads today's amount with its parts, not the bare value", async () => {
    render(
      <AdminStory titleBar={false} resource="alunos">
        <FinanceTab studentId={9} enrolments={withCharge(OVERDUE_CHARGE)} />
      </AdminStory>,
    );
    const dialog = await openPixOf(2);
    expect(dialog.getByTestId('valor-hoje').textContent).toBe(
      'A pagar hoje: R$ 511,67Valor R$ 500,00 + multa R$ 10,00 + juros R$ 1,67',
    );
  });

  it('shows again, when reopened, the PIX already made: its code, when and for how much', async () => {
    render(
      <AdminStory titleBar={false} resource="alunos">
        <FinanceTab studentId={9} enrolments={withCharge({ ...OVERDUE_CHARGE, gateway_response: STORED_PIX })} />
      </AdminStory>,
    );
    const dialog = await openPixOf(2);
    expect((dialog.getByLabelText('PIX copia e cola') as HTMLTextAreaElement).value).toBe(
      PIX_ANSWER.point_of_interaction.transaction_data.qr_code,
    );
    expect(dialog.getByRole('img', { name: 'QR Code PIX' })).toBeTruthy();
    expect(dialog.getByText(/^PIX já gerado em 27\/11\/2026 .*, de R\$ 511,67\./)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Gerar novo PIX' })).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/mercadopago/'))).toEqual([]);
  });

  it('says "Pago" in the open dialog once the family paid on the portal (the record read again)', async () => {
    let paid = false;
    const record = () => ({
      id: 9,
      enrolments: withCharge(paid ? PAID_ON_PORTAL : { ...OVERDUE_CHARGE, gateway_response: STORED_PIX }),
    });
    const dataProvider = { getOne: async () => ({ data: record() }) } as unknown as DataProvider;
    function Live() {
      const { data } = useGetOne('alunos', { id: 9 });
      return data ? <FinanceTab studentId={9} enrolments={data.enrolments} /> : null;
    }
    render(
      <AdminStory titleBar={false} resource="alunos" dataProvider={dataProvider}>
        <Live />
      </AdminStory>,
    );
    await screen.findByRole('button', { name: 'Cobrar parcela 2' });
    const dialog = await openPixOf(2);
    paid = true;
    // The dialog reads the record again every few seconds; here the tab regains focus at once.
    window.dispatchEvent(new Event('focus'));
    const status = await dialog.findByRole('status');
    expect(status.textContent).toContain('Pago em 27/11/2026');
    expect(status.textContent).toContain('R$ 511,67 recebidos (Maria José da Silva, pelo Portal das famílias).');
    expect(dialog.queryByRole('button', { name: /Gerar/ })).toBeNull();
    expect(dialog.queryByLabelText('PIX copia e cola')).toBeNull();
  });
});

describe('edit and delete', () => {
  it('edits a charge in the modal: value as BRL, dates as dates; ticking Pago fills the pay day with today', async () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar parcela 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar pendência financeira — parcela 3' }));
    expect((dialog.getByLabelText('Valor') as HTMLInputElement).value).toBe('150,20');
    expect((dialog.getByLabelText('Vencimento') as HTMLInputElement).value).toBe('2099-04-10');
    fireEvent.change(dialog.getByLabelText('Valor'), { target: { value: '1.600,00' } });
    fireEvent.click(dialog.getByLabelText('Pago'));
    const today = schoolDayOf();
    expect((dialog.getByLabelText('Data de pagamento') as HTMLInputElement).value).toBe(today);
    fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Pendência financeira atualizada com sucesso!')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        url: '/api/financials/3',
        method: 'PUT',
        body: {
          registration_id: 42,
          value: 1600,
          due_date: '2099-04-10',
          service_type_id: 1,
          payment_type: 4,
          paid: 1,
          pay_day: today,
          observations: null,
          quota: 3,
          financial_observation: null,
          // The version the dialog read (issue 34): a save over someone else's change is refused.
          version: 1,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Editar pendência/ })).toBeNull());
  });

  it('deletes only after the confirmation', async () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Remover parcela 2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Não, cancele!' }));
    await waitFor(() => expect(screen.queryByText('Deseja confirmar a ação?')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remover parcela 2' }));
    expect(await screen.findByText('Deseja confirmar a ação?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sim, apague!' }));
    expect(await screen.findByText('Pendência financeira removida com sucesso!')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/financials/2?version=1']);
  });

  it("keeps the dialog open with the server's words when someone else changed the charge meanwhile", async () => {
    const stale =
      'Esta cobrança foi alterada por outra pessoa depois que você a abriu. Nada foi gravado: abra-a de novo para ver como ela está agora e refaça a alteração.';
    putAnswer = { status: 409, body: { message: stale } };
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar parcela 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar pendência financeira — parcela 3' }));
    fireEvent.change(dialog.getByLabelText('Valor'), { target: { value: '1.600,00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByRole('alert')).toHaveProperty('textContent', stale);
    expect(screen.getByRole('dialog', { name: 'Editar pendência financeira — parcela 3' })).toBeTruthy();
  });
});

describe('payments the provider took back', () => {
  it('shows a reopened charge and a partly refunded one with what went back', () => {
    const refunded = charge({
      id: 7,
      payment_reversal: {
        payment_id: '5001',
        status: 'refunded',
        label: 'reembolsado',
        paid_cents: 15020,
        refunded_cents: 15020,
        reopened: true,
        at: '2026-11-23T15:00:00.000Z',
      },
    });
    const partly = charge({
      id: 8,
      paid: 1,
      pay_day: '2026-11-20',
      paid_user: { id: 100, name: 'Mercado Pago' },
      payment_reversal: {
        payment_id: '5002',
        status: 'approved',
        label: 'reembolsado em parte',
        paid_cents: 20000,
        refunded_cents: 5000,
        reopened: false,
        at: '2026-11-23T15:00:00.000Z',
      },
    });
    render(
      <PendenciesTable
        charges={[refunded, partly]}
        caption="x"
        selectedId={null}
        onSelect={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onPay={vi.fn()}
        today="2026-11-23"
      />,
    );
    expect(
      within(rowOf(7)).getByText('Reaberta: pagamento reembolsado (R$ 150,20 devolvido) em 23/11/2026'),
    ).toBeTruthy();
    expect(rowOf(7).getAttribute('data-situacao')).toBe('open');
    expect(within(rowOf(7)).getByRole('button', { name: 'Cobrar parcela 7' })).toBeTruthy();
    expect(
      within(rowOf(8)).getByText('Atenção: pagamento reembolsado em parte (R$ 50,00 devolvido) em 23/11/2026'),
    ).toBeTruthy();
  });
});
