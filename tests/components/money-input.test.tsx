import fs from 'node:fs';
import { useState } from 'react';
import path from 'node:path';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CreateParams, DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { paymentPlans } from '../../resources/payment-plans';
import { parseMoney } from '../../resources/format';
import { FinanceTab } from '../../src/finance/FinanceTab';
import { ResourceCreate } from '../../src/resources/ResourceForm';
import { ReportPage } from '../../src/reports/ReportPage';
import {
  LATE_FEES_DEFAULT,
  LateFeeSettings,
  lateFeesBody,
  lateFeesForm,
  type LateFeesForm,
} from '../../src/school/LateFeeSettings';
import { EnrolmentsTab } from '../../src/students/EnrolmentsTab';
import { AdminStory } from '../../stories/support';
import { createMemoryDataProvider } from '../../stories/support/memoryDataProvider';
import { ENROLMENTS } from '../../stories/support/finance';

/**
 * Every money field of the screens, typed as a Brazilian types an amount (issue 35): "500" is R$ 500,00 — never
 * R$ 5,00 filled from the centavos —, "500,5" R$ 500,50 and "1.500" R$ 1.500,00. Each field shows the amount back
 * when the person leaves it, and sends what the server reads as that amount.
 */

configure({ asyncUtilTimeout: 5000 });
// Four amounts typed and sent per field, on a machine shared with other work: more than the default 20 s.
vi.setConfig({ testTimeout: 90_000 });

/** What is typed, what the field shows on leaving it, and the amount in centavos. */
const TYPED: [string, string, number][] = [
  ['500', '500,00', 50000],
  ['500,00', '500,00', 50000],
  ['500,5', '500,50', 50050],
  ['1.500', '1.500,00', 150000],
];

type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let answer: (call: Call) => unknown;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  answer = () => ({ data: [] });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    return json(answer(call));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Types `text` in the input as a person does (replacing what was there), then leaves it. */
function type(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

const valueOf = (input: HTMLElement) => (input as HTMLInputElement).value;
const sent = (method: string, url: string | RegExp) =>
  calls.filter((c) => c.method === method && (typeof url === 'string' ? c.url === url : url.test(c.url)));

describe('the money input in every money field', () => {
  it('Nova pendência: each form shows its amount and is sent as it', async () => {
    answer = (c) =>
      c.method === 'POST' ? { data: [], message: 'Pendência financeira adicionada com sucesso!' } : { data: [] };
    render(
      <AdminStory titleBar={false} resource="alunos">
        <FinanceTab studentId={9} enrolments={ENROLMENTS} />
      </AdminStory>,
    );
    const form = within(screen.getByRole('form', { name: 'Adicionar pendência financeira' }));
    for (const [i, [typed, shown, cents]] of TYPED.entries()) {
      const value = form.getByLabelText('Valor');
      type(value, typed);
      expect(valueOf(value), typed).toBe(shown);
      fireEvent.change(form.getByLabelText('Primeiro vencimento'), { target: { value: '2027-02-10' } });
      fireEvent.click(form.getByRole('button', { name: 'Adicionar' }));
      await waitFor(() => expect(sent('POST', '/api/financials')).toHaveLength(i + 1));
      expect(sent('POST', '/api/financials')[i].body!.value, typed).toBe(cents / 100);
    }
  });

  it('Editar pendência: each form shows its amount and is sent as it', async () => {
    answer = (c) => (c.method === 'PUT' ? { message: 'Pendência financeira atualizada com sucesso!' } : { data: [] });
    render(
      <AdminStory titleBar={false} resource="alunos">
        <FinanceTab studentId={9} enrolments={ENROLMENTS} />
      </AdminStory>,
    );
    for (const [i, [typed, shown, cents]] of TYPED.entries()) {
      fireEvent.click(screen.getByRole('button', { name: 'Editar parcela 3' }));
      const dialog = within(await screen.findByRole('dialog', { name: /Editar pendência financeira/ }));
      const value = dialog.getByLabelText('Valor');
      expect(valueOf(value)).toBe('150,20');
      type(value, typed);
      expect(valueOf(value), typed).toBe(shown);
      fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(sent('PUT', '/api/financials/3')).toHaveLength(i + 1));
      expect(sent('PUT', '/api/financials/3')[i].body!.value, typed).toBe(cents / 100);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /Editar pendência/ })).toBeNull());
    }
  });

  it('Planos de pagamento › Valor da parcela: each form shows its amount and is saved as it', async () => {
    const created: CreateParams[] = [];
    const memory = createMemoryDataProvider({
      'planos-de-pagamento': [],
      'tipos-de-servico': [{ id: 1, name: 'Mensalidade' }],
      'formas-de-pagamento': [{ id: 4, name: 'Boleto' }],
    });
    const provider: DataProvider = {
      ...memory,
      create: (resource, params) => {
        created.push(params);
        return memory.create(resource, params);
      },
    };
    const where = '/admin/planos-de-pagamento/registrar';
    render(
      <AdminStory path={where} route={where} resource="planos-de-pagamento" dataProvider={provider}>
        <ResourceCreate config={paymentPlans} />
      </AdminStory>,
    );
    const value = await screen.findByRole('textbox', { name: /^Valor da parcela/ });
    for (const [typed, shown, cents] of TYPED) {
      type(value, typed);
      expect(valueOf(value), typed).toBe(shown);
      // What the form holds is what it sends, and the server reads it as the amount.
      expect(parseMoney(valueOf(value)), typed).toBe(cents);
    }
    fireEvent.change(screen.getByRole('textbox', { name: /^Nome/ }), { target: { value: 'Mensalidade 2027' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Parcelas/ }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Dia de vencimento/ }), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/^Mês da primeira parcela/), { target: { value: '2027-02' } });
    for (const [label, option] of [
      ['Tipo de serviço', 'Mensalidade'],
      ['Forma de pagamento', 'Boleto'],
    ]) {
      fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    }
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].data.value).toBe('1.500,00');
  });

  it('Bolsa da matrícula › Valor fixo: each form shows its amount and is sent as it', async () => {
    answer = (c) =>
      c.url.startsWith('/api/registrations/41/scholarship') && c.method === 'PUT'
        ? { data: null, message: 'Bolsa salva com sucesso!' }
        : { data: null };
    const permissions = BUILTIN_ROLES.find((r) => r.key === 'financeiro')!.permissions;
    localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Fabiana', email: 'f@escola.com.br', permissions }));
    render(
      <AdminStory titleBar={false} resource="alunos" authProvider={authProvider}>
        <EnrolmentsTab
          studentId={7}
          enrolments={[
            { id: 41, number: '000041', team: { id: 1, name: '6º Ano A' }, enrolled_on: '2026-02-02', left_on: null },
          ]}
        />
      </AdminStory>,
    );
    for (const [i, [typed, shown, cents]] of TYPED.entries()) {
      fireEvent.click(await screen.findByRole('button', { name: 'Conceder bolsa' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Bolsa da matrícula' }));
      fireEvent.mouseDown(dialog.getByLabelText('Tipo da bolsa'));
      fireEvent.click(within(screen.getByRole('listbox')).getByText('Valor fixo (R$)'));
      const value = dialog.getByLabelText('Valor da bolsa (R$)');
      type(value, typed);
      expect(valueOf(value), typed).toBe(shown);
      fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(sent('PUT', /scholarship$/)).toHaveLength(i + 1));
      const body = sent('PUT', /scholarship$/)[i].body!;
      expect(body.kind).toBe('amount');
      expect(parseMoney(body.value), typed).toBe(cents);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('Desconto de pontualidade em reais: each form shows its amount and is sent as it', () => {
    // The section as Configurações da escola holds it; the page sends lateFeesBody of what it holds.
    let held: LateFeesForm = { ...lateFeesForm(LATE_FEES_DEFAULT), punctual: true, kind: 'amount' };
    function Section() {
      const [form, setForm] = useState(held);
      held = form;
      return <LateFeeSettings value={form} onChange={setForm} errors={{}} />;
    }
    render(<Section />);
    for (const [typed, shown, cents] of TYPED) {
      const value = screen.getByLabelText('Desconto (R$)');
      type(value, typed);
      expect(valueOf(value), typed).toBe(shown);
      const body = lateFeesBody(held) as { punctuality: { kind: string; value: string } };
      expect(body.punctuality.kind).toBe('amount');
      expect(parseMoney(body.punctuality.value), typed).toBe(cents);
    }
  });

  it('Relatório financeiro › Valor de: each form shows its amount and filters by it', async () => {
    answer = (c) => (c.url.startsWith('/api/exports/') ? 'PK' : { data: [] });
    URL.createObjectURL = () => 'blob:relatorio';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(
      <AdminStory path="/admin/reports/relatorio-financeiro-com-filtro" route="/admin/reports/*" resource="reports">
        <ReportPage />
      </AdminStory>,
    );
    const value = await screen.findByLabelText('Valor de');
    for (const [i, [typed, shown, cents]] of TYPED.entries()) {
      type(value, typed);
      expect(valueOf(value), typed).toBe(shown);
      await waitFor(() =>
        expect((screen.getByRole('button', { name: /Gerar/ }) as HTMLButtonElement).disabled).toBe(false),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Gerar' }));
      await waitFor(() => expect(sent('GET', /^\/api\/exports\//)).toHaveLength(i + 1));
      const query = new URL(sent('GET', /^\/api\/exports\//)[i].url, 'http://escola.test').searchParams;
      expect(query.get('initial_value'), typed).toBe((cents / 100).toFixed(2));
    }
    click.mockRestore();
  });
});

describe('no money field outside the money input', () => {
  // The components that type money (grep "R$" and money fields): each through MoneyInput, none with its own mask.
  const MONEY_FIELDS = [
    'src/finance/ChargeFields.tsx',
    'src/resources/inputs.tsx',
    'src/students/ScholarshipLine.tsx',
    'src/school/LateFeeSettings.tsx',
    'src/reports/ReportFieldInput.tsx',
  ];
  const root = path.resolve(__dirname, '../..');
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(path.join(root, dir), { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.tsx') ? [path.join(dir, e.name)] : [],
      );

  it('finds an "R$" adornment or a money case only in MoneyInput, and MoneyInput in each money field', () => {
    const own = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
    const adorned = sources('src').filter(
      (f) => f !== path.join('src', 'components', 'MoneyInput.tsx') && /position="start">\s*R\$/.test(own(f)),
    );
    expect(adorned).toEqual([]);
    for (const file of MONEY_FIELDS) expect(own(file), file).toMatch(/<(MoneyInput|ResourceMoneyInput)\b/);
    const moneyCases = sources('src').filter((f) => /case 'money':/.test(own(f)));
    expect(moneyCases.filter((f) => !MONEY_FIELDS.includes(f) && !f.endsWith('cells.tsx'))).toEqual([]);
  });
});

afterEach(cleanup);
