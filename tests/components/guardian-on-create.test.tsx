import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { students } from '../../resources/students';
import { ResourceCreate } from '../../src/resources/ResourceForm';
import { ADMIN_BASENAME, AdminStory, createMemoryDataProvider } from '../../stories/support';

/**
 * A new student's form with its "Responsável" section: the student is saved by the data provider, the guardian
 * part by `/api` (fetch stubbed with the server's answers' shapes).
 */

configure({ asyncUtilTimeout: 5000 });

const PATH = `${ADMIN_BASENAME}/alunos/registrar`;
const ROSA = { id: 88, name: 'Rosa Maria Ferreira', cpf: '52998224725', email: null, phone: '91981110000' };
const NEW_CPF = '11144477735';

interface Call {
  method: string;
  path: string;
  search: string | null;
  body: Record<string, unknown> | undefined;
}
let calls: Call[];
/** Refusals the next writes to a path get instead of the fake server's answer. */
let refuse: Record<string, { status: number; body: unknown }[]>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  refuse = {};
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const { pathname, searchParams } = new URL(url, 'http://escola.test');
    calls.push({ method, path: pathname, search: searchParams.get('search'), body });
    const refusal = method !== 'GET' ? refuse[pathname]?.shift() : undefined;
    if (refusal) return json(refusal.status, refusal.body);
    if (method === 'GET' && pathname === '/api/guardians') {
      const found = searchParams.get('search') === ROSA.cpf ? [ROSA] : [];
      return json(200, { data: found, total: found.length });
    }
    if (method === 'POST' && pathname === '/api/guardians')
      return json(201, {
        data: { id: 90, rg: null, occupation: null, ...body },
        message: 'Responsável cadastrado com sucesso!',
      });
    if (method === 'POST' && pathname === '/api/students/1/guardians') {
      const sent = body as { guardian_id: number };
      return json(201, {
        data: { ...sent, name: sent.guardian_id === ROSA.id ? ROSA.name : 'Joaquim Pereira', cpf: null },
        message: 'Responsável vinculado com sucesso!',
      });
    }
    return json(404, { message: 'Não encontrado.' });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderCreate() {
  const provider = createMemoryDataProvider({ alunos: [] });
  render(
    <AdminStory path={PATH} route={PATH} resource="alunos" dataProvider={provider}>
      <ResourceCreate config={students} />
    </AdminStory>,
  );
  return provider;
}

const section = () => screen.getByRole('region', { name: 'Responsável' });
const type = (label: string | RegExp, value: string, where: HTMLElement = document.body) =>
  fireEvent.change(within(where).getByRole('textbox', { name: label }), { target: { value } });

function chooseKinship(name: string) {
  fireEvent.mouseDown(within(section()).getByRole('combobox', { name: /Parentesco/ }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}
const save = () => fireEvent.click(screen.getByRole('button', { name: /Salvar/i }));
const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
// The last write (after it, the saved screen's queries read again).
const lastWrite = () => calls.filter((c) => c.method !== 'GET').at(-1)!;
const studentsIn = async (provider: ReturnType<typeof createMemoryDataProvider>) =>
  (await provider.getList('alunos', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } }))
    .data;

describe('registering a student with their guardian', () => {
  it('finds the guardian by CPF, picks them, and links them once the student is saved', async () => {
    const provider = renderCreate();
    type(/^Nome/, 'Lucas Ferreira Lima', await screen.findByRole('region', { name: 'Dados pessoais' }));
    type('CPF do responsável', '529.982.247-25', section());
    expect(await within(section()).findByText(/Responsável já cadastrado:/)).toBeTruthy();
    expect(section().textContent).toContain('Rosa Maria Ferreira — CPF 529.982.247-25');
    expect(calls.find((c) => c.path === '/api/guardians')?.search).toBe('52998224725');
    // Found: no fields of a new guardian to fill in.
    expect(within(section()).queryByRole('textbox', { name: /Nome do responsável/ })).toBeNull();
    chooseKinship('Avó/Avô');
    save();
    expect(await screen.findByText(/\/admin\/alunos\/1\/editar/)).toBeTruthy();
    expect(writes()).toEqual(['POST /api/students/1/guardians']);
    expect(lastWrite().body).toEqual({
      guardian_id: 88,
      kinship: 'avo',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    expect((await studentsIn(provider)).map((s) => s.name)).toEqual(['Lucas Ferreira Lima']);
  });

  it('registers a new guardian typed in the same form, keeping everything typed through a refusal', async () => {
    const provider = renderCreate();
    type(/^Nome/, 'Beatriz Pereira', await screen.findByRole('region', { name: 'Dados pessoais' }));
    type('CPF do responsável', NEW_CPF, section());
    const name = await within(section()).findByRole('textbox', { name: /Nome do responsável/ });
    fireEvent.change(name, { target: { value: 'Joaquim Pereira' } });
    type('Telefone do responsável', '91988', section());
    type('E-mail do responsável', 'joaquim@familia.com.br', section());
    // No kinship: the student is not saved and the section says why.
    save();
    expect(await within(section()).findByText('Escolha o parentesco.')).toBeTruthy();
    expect(await studentsIn(provider)).toEqual([]);
    expect(writes()).toEqual([]);

    chooseKinship('Pai');
    refuse['/api/guardians'] = [
      {
        status: 422,
        body: {
          message: 'Verifique os campos.',
          errors: { phone: ['O campo Telefone deve ter pelo menos 10 dígitos.'] },
        },
      },
    ];
    save();
    expect(await within(section()).findByText('O campo Telefone deve ter pelo menos 10 dígitos.')).toBeTruthy();
    expect(screen.getByText(/registrado\(a\), mas a parte abaixo ainda não foi gravada/)).toBeTruthy();
    // Nothing typed is lost, the student's fields included.
    expect((within(section()).getByRole('textbox', { name: /Nome do responsável/ }) as HTMLInputElement).value).toBe(
      'Joaquim Pereira',
    );
    expect((within(section()).getByRole('textbox', { name: 'E-mail do responsável' }) as HTMLInputElement).value).toBe(
      'joaquim@familia.com.br',
    );
    expect((screen.getAllByRole('textbox', { name: /^Nome/ })[0] as HTMLInputElement).value).toBe('Beatriz Pereira');

    type('Telefone do responsável', '91988887777', section());
    save();
    expect(await screen.findByText(/\/admin\/alunos\/1\/editar/)).toBeTruthy();
    // The student once; the guardian sent twice (refused, then registered), then linked.
    expect((await studentsIn(provider)).map((s) => s.name)).toEqual(['Beatriz Pereira']);
    expect(writes()).toEqual(['POST /api/guardians', 'POST /api/guardians', 'POST /api/students/1/guardians']);
    expect(calls.filter((c) => c.path === '/api/guardians' && c.method === 'POST').at(-1)!.body).toEqual({
      name: 'Joaquim Pereira',
      cpf: NEW_CPF,
      phone: '91988887777',
      email: 'joaquim@familia.com.br',
      kinship: 'pai',
      // The payer lives with the student ("Mesmo endereço do aluno", left checked), whose address is still blank.
      cep: null,
      street: null,
      number: null,
      complement: null,
      neighborhood: null,
      city: null,
      uf: null,
    });
    expect(lastWrite().body).toMatchObject({ guardian_id: 90, kinship: 'pai', financial_responsible: true });
    // Two saves of a whole student form: slow on a busy machine.
  }, 60_000);

  it('keeps with the financial responsible the student’s address, or the one typed for them', async () => {
    renderCreate();
    type(/^Nome/, 'Beatriz Pereira', await screen.findByRole('region', { name: 'Dados pessoais' }));
    const home = screen.getByRole('region', { name: 'Endereço' });
    type('Logradouro', 'Avenida Nazaré', home);
    type('Número', '512', home);
    type('Bairro', 'Nazaré', home);
    type('Cidade', 'Belém', home);
    type('CPF do responsável', NEW_CPF, section());
    fireEvent.change(await within(section()).findByRole('textbox', { name: /Nome do responsável/ }), {
      target: { value: 'Joaquim Pereira' },
    });
    chooseKinship('Pai');
    // Checked at first: the section says which address it will keep.
    expect(within(section()).getByText('Endereço do aluno: Avenida Nazaré, 512 — Nazaré, Belém.')).toBeTruthy();
    fireEvent.click(within(section()).getByRole('checkbox', { name: 'Mesmo endereço do aluno' }));
    type('Logradouro do responsável', 'Travessa Rui Barbosa', section());
    type('Número do responsável', '1001', section());
    type('Complemento do responsável', 'apto 302', section());
    type('CEP do responsável', '6603', section());
    save();
    expect(await within(section()).findByText('O CEP deve ter 8 dígitos.')).toBeTruthy();
    expect(writes()).toEqual([]);
    type('CEP do responsável', '66035-000', section());
    type('Bairro do responsável', 'Reduto', section());
    type('Cidade do responsável', 'Belém', section());
    save();
    expect(await screen.findByText(/\/admin\/alunos\/1\/editar/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/guardians' && c.method === 'POST')!.body).toMatchObject({
      name: 'Joaquim Pereira',
      cep: '66035000',
      street: 'Travessa Rui Barbosa',
      number: '1001',
      complement: 'apto 302',
      neighborhood: 'Reduto',
      city: 'Belém',
    });
  }, 60_000);

  it('saves a student without a guardian when the section is left empty; refuses a wrong CPF; LIMPAR empties it', async () => {
    renderCreate();
    type(/^Nome/, 'Adulto Sem Responsável', await screen.findByRole('region', { name: 'Dados pessoais' }));
    type('CPF do responsável', '123.456.789-00', section());
    await within(section()).findByRole('textbox', { name: /Nome do responsável/ });
    save();
    expect(await within(section()).findByText('CPF inválido.')).toBeTruthy();
    // LIMPAR empties the section too.
    fireEvent.click(screen.getByRole('button', { name: /Limpar/i }));
    const cpf = within(section()).getByRole('textbox', { name: 'CPF do responsável' }) as HTMLInputElement;
    expect(cpf.value).toBe('');
    expect(within(section()).queryByText('CPF inválido.')).toBeNull();
    type(/^Nome/, 'Adulto Sem Responsável', screen.getByRole('region', { name: 'Dados pessoais' }));
    save();
    expect(await screen.findByText(/\/admin\/alunos\/1\/editar/)).toBeTruthy();
    expect(writes()).toEqual([]);
  });
});
