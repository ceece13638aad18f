import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A list of react-admin in jsdom takes seconds on a shared machine.
vi.setConfig({ testTimeout: 60_000 });
import { USER_KEY } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { charges } from '../../resources/charges';
import { paymentPlans } from '../../resources/payment-plans';
import { students } from '../../resources/students';
import { invitationSummary } from '../../src/resources/BulkActions';
import { toCsv } from '../../src/resources/csv';
import { ResourceList } from '../../src/resources/ResourceList';
import { ADMIN_BASENAME, AdminStory } from '../../stories/support';
import { SCHOOL_CHARGES } from '../../stories/support/charges';
import { LONG_NAMED_STUDENTS } from '../../stories/support/students';

/**
 * Issue 36: a generated list has the filters its config declares beside the search box, exports a CSV a Brazilian
 * spreadsheet opens as it is (`;`, UTF-8 with BOM, dd/mm/aaaa, R$) of every row the filters show, and a record's
 * children come through react-admin's getManyReference.
 */

let asked: URL[];
let saved: Blob[];
beforeEach(() => {
  asked = [];
  saved = [];
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1100);
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://escola.test');
    asked.push(parsed);
    const rows =
      parsed.pathname === '/api/students'
        ? LONG_NAMED_STUDENTS
        : parsed.pathname === '/api/charges'
          ? SCHOOL_CHARGES
          : [];
    const body = { data: rows, total: rows.length, current_page: 1, last_page: 1, per_page: 10 };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  // The download link's click would navigate jsdom away.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedInWith = (permissions: string[]) =>
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));

const renderStudents = () =>
  render(
    <AdminStory
      path={`${ADMIN_BASENAME}/alunos`}
      route={`${ADMIN_BASENAME}/alunos`}
      resource="alunos"
      dataProvider={dataProvider}
    >
      <ResourceList config={students} />
    </AdminStory>,
  );

const studentLists = () => asked.filter((u) => u.pathname === '/api/students');

/** A CSV read back as a spreadsheet reads it: BOM off, CRLF lines, `;` cells, quotes undone. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  for (const line of text.slice(1).split('\r\n').filter(Boolean)) {
    const cells = line.match(/("([^"]|"")*"|[^;]*)(;|$)/g)!.filter((c, i, all) => c !== '' || i < all.length - 1);
    rows.push(
      cells.map((c) => c.replace(/;$/, '')).map((c) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c)),
    );
  }
  return rows;
}

describe('the students list of the office', () => {
  beforeEach(() => signedInWith(['students.read', 'students.write', 'students.personal']));

  it('shows the field filters beside the search box and asks the server for what is chosen', async () => {
    renderStudents();
    await screen.findByText('JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI');
    for (const label of ['Status', 'Turma', 'Polo', 'Possui financeiro?'])
      expect(screen.getAllByLabelText(label).length, label).toBeGreaterThan(0);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Trancado' }));
    await waitFor(() => expect(studentLists().at(-1)?.searchParams.get('status')).toBe('Trancado'), { timeout: 3000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Possui financeiro?' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Não' }));
    await waitFor(() => expect(studentLists().at(-1)?.searchParams.get('has_financial')).toBe('0'), { timeout: 3000 });
    expect(studentLists().at(-1)?.searchParams.get('status')).toBe('Trancado');
  });

  it('exports every row the filters show as a pt-BR CSV', async () => {
    renderStudents();
    await screen.findByText('JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // Every page: the contract's page=0.
    expect(studentLists().at(-1)?.searchParams.get('page')).toBe('0');
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(saved[0]);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    expect(rows[0]).toEqual([
      '#',
      'Nome',
      'Status',
      'E-mail',
      'CPF',
      'Contato',
      'Matriculado na(s) turma(s)',
      'Possui financeiro?',
      'Nome da mãe',
      'Criado',
    ]);
    const jose = rows.find((r) => r[0] === '7')!;
    expect(jose).toEqual([
      '7',
      'José Antônio da Silva Brandão de Albuquerque Cavalcanti',
      'Ativo',
      'jose.antonio.brandao@exemplo.com.br',
      '529.982.247-25',
      '(91) 98765-4321',
      'Técnico em Enfermagem Castanhal 2026',
      'Sim',
      'Maria Aparecida da Conceição Brandão de Albuquerque',
      '31/01/2026 20:30',
    ]);
    expect(rows).toHaveLength(LONG_NAMED_STUDENTS.length + 1);
  });

  it('offers export, the portal invitation and removal for the selected rows', async () => {
    renderStudents();
    const table = await screen.findByRole('table');
    await within(table).findByText('JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI');
    fireEvent.click(within(table).getAllByRole('checkbox')[1]);
    expect(await screen.findByRole('button', { name: 'Exportar selecionados' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar convite do portal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apagar' })).toBeTruthy();
  });
});

describe('the charges list of the finance office', () => {
  beforeEach(() => signedInWith(['finance.read', 'finance.write']));
  const chargeLists = () => asked.filter((u) => u.pathname === '/api/charges');

  it('filters by situation and due month beside the search box, and exports what they show', async () => {
    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/cobrancas`}
        route={`${ADMIN_BASENAME}/cobrancas`}
        resource="cobrancas"
        dataProvider={dataProvider}
      >
        <ResourceList config={charges} />
      </AdminStory>,
    );
    await screen.findByText('JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI');
    expect(screen.queryByRole('button', { name: 'Adicionar um novo' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    for (const name of ['Em aberto', 'Vencida', 'Paga'])
      expect(await screen.findByRole('option', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Vencida' }));
    await waitFor(() => expect(chargeLists().at(-1)?.searchParams.get('status')).toBe('vencida'), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('Mês de vencimento'), { target: { value: '2026-03' } });
    await waitFor(() => expect(chargeLists().at(-1)?.searchParams.get('due_month')).toBe('2026-03'), {
      timeout: 3000,
    });
    expect(chargeLists().at(-1)?.searchParams.get('status')).toBe('vencida');

    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const exported = chargeLists().at(-1)!;
    expect(Object.fromEntries(exported.searchParams)).toMatchObject({
      page: '0',
      status: 'vencida',
      due_month: '2026-03',
    });
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(saved[0]);
    });
    const rows = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    expect(rows[0]).toEqual([
      '#',
      'Aluno',
      'Turma',
      'Serviço',
      'Parcela',
      'Valor',
      'Vencimento',
      'Paga',
      'Pagamento',
      'Forma de pagamento',
    ]);
    expect(rows.find((r) => r[0] === '398')).toEqual([
      '398',
      'Ana Beatriz Figueiredo Lima',
      'Técnico em Enfermagem Castanhal 2026',
      'Mensalidade',
      '2',
      'R$ 450,00',
      '10/02/2026',
      'Sim',
      '09/02/2026',
      'PIX',
    ]);
  });
});

it('leaves "Possui financeiro?" out of the filters of a role without personal data (a teacher)', async () => {
  signedInWith(['students.read']);
  renderStudents();
  await screen.findByText('JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI');
  expect(screen.getAllByLabelText('Status').length).toBeGreaterThan(0);
  expect(screen.queryByLabelText('Possui financeiro?')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Adicionar um novo' })).toBeNull();
});

it('writes money as R$ 1.234,56, dates as dd/mm/aaaa, and quotes a value with a semicolon', () => {
  const plan = {
    id: 4,
    name: 'Plano; anual "2026"',
    value: 1234.56,
    value_cents: 123456,
    created_at: '2026-03-10T15:00:00Z',
  };
  const rows = parseCsv(
    toCsv({ ...paymentPlans, list: { ...paymentPlans.list, exportColumns: ['id', 'name', 'value', 'created_at'] } }, [
      plan,
    ]),
  );
  expect(rows).toEqual([
    ['#', 'Nome', 'Valor da parcela', 'Criado'],
    ['4', 'Plano; anual "2026"', 'R$ 1.234,56', '10/03/2026 12:00'],
  ]);
});

it("lists a team's students through getManyReference, as the list filtered by the team", async () => {
  const { data, total } = await dataProvider.getManyReference('alunos', {
    target: 'team_id',
    id: 3,
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'name', order: 'ASC' },
    filter: {},
  });
  expect(total).toBe(LONG_NAMED_STUDENTS.length);
  expect(data[0].id).toBe(7);
  const url = asked.at(-1)!;
  expect(url.pathname).toBe('/api/students');
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    team_id: '3',
    page: '1',
    perPage: '10',
    sortBy: 'name',
  });
  await expect(
    dataProvider.getManyReference('alunos', {
      target: 'cor',
      id: 3,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    }),
  ).rejects.toThrow('A lista de alunos não se filtra por cor.');
});

it('sums up a run of invitations in one notice', () => {
  expect(invitationSummary({ done: 2, refused: [] })).toBe('2 convites enviados.');
  expect(invitationSummary({ done: 1, refused: [{ id: 9, message: 'O aluno é menor de idade.' }] })).toBe(
    '1 convite enviado. Não enviado: nº 9 (O aluno é menor de idade.)',
  );
});
