import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_KEY } from '../../authProvider';
import { courses } from '../../resources/courses';
import { students } from '../../resources/students';
import { teachings } from '../../resources/teachings';
import { PROVIDER_USER_ID, users } from '../../resources/users';
import { AppMenu } from '../../src/admin/AppMenu';
import { Toast } from '../../src/admin/ToastNotification';
import { AdminNotFound } from '../../src/components/AdminNotFound';
import { ResourceCreate, ResourceEdit } from '../../src/resources/ResourceForm';
import { ResourceList } from '../../src/resources/ResourceList';
import { ResourceShow } from '../../src/resources/ResourceShow';
import { BooksTab } from '../../src/students/BooksTab';
import { ADMIN_BASENAME, AdminStory, TEACHINGS } from '../../stories/support';

/**
 * What a secretary checks on the screens of issue 14: records that read, lists that fit, forms that say what is wrong.
 */

const LONG_NAME = 'José Antônio da Silva Brandão de Albuquerque Cavalcanti';
const STUDENT = {
  id: 7,
  name: LONG_NAME,
  gender: 'M',
  email: 'jose@exemplo.com.br',
  cpf: '52998224725',
  cep: '66000000',
  street: 'Avenida Presidente Vargas',
  number: null,
  neighborhood: 'Campina',
  city: 'Belém',
  uf: 'PA',
  phone: null,
  rg: '',
  expedient_body: null,
  nationality: 'Brasileira',
  naturalness: null,
  birth_date: '2007-04-13',
  name_mother: 'Maria da Silva',
  status: 'Ativo',
  teams: [],
  financials_count: 0,
  created_at: '2026-01-31T23:30:00.000Z',
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('a record read as a form', () => {
  it("shows every field with its label, in the form's sections, dates in pt-BR and empty values as —", async () => {
    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/alunos/7/show`}
        route={`${ADMIN_BASENAME}/alunos/:id/show`}
        resource="alunos"
        data={{ alunos: [STUDENT] }}
      >
        <ResourceShow config={students} />
      </AdminStory>,
    );
    const personal = within(await screen.findByRole('region', { name: 'Dados pessoais' }));
    expect(personal.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Nome',
      'Sexo',
      'Data de nascimento',
      'Nacionalidade',
      'Naturalidade',
    ]);
    expect(personal.getByText('Masculino')).toBeTruthy();
    expect(personal.getByText('13/04/2007')).toBeTruthy();
    expect(personal.getByText('—')).toBeTruthy();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Dados pessoais',
      'Documentos',
      'Endereço',
      'Contato',
      'Filiação',
      'Censo',
      'Outras informações',
    ]);
    expect(within(screen.getByRole('region', { name: 'Documentos' })).getByText('529.982.247-25')).toBeTruthy();
    // Criado at 20:30 in São Paulo on the 31st, not the 1st of February in UTC.
    expect(
      within(screen.getByRole('region', { name: 'Outras informações' })).getByText('31/01/2026 20:30'),
    ).toBeTruthy();
    await waitFor(() => expect(document.getElementById('react-admin-title')?.textContent).toBe(`Aluno: ${LONG_NAME}`));
  });

  it('links a reference to its record by name', async () => {
    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/cursos/3/show`}
        route={`${ADMIN_BASENAME}/cursos/:id/show`}
        resource="cursos"
        data={{
          cursos: [
            { id: 3, name: 'Técnico em Enfermagem', teaching_id: 1, teaching: { id: 1, name: 'Ensino Técnico' } },
          ],
        }}
      >
        <ResourceShow config={courses} />
      </AdminStory>,
    );
    const link = await screen.findByRole('link', { name: 'Ensino Técnico' });
    expect(link.getAttribute('href')).toBe('/admin/ensinos/1/show');
  });
});

describe('lists that fit', () => {
  const renderStudents = () =>
    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/alunos`}
        route={`${ADMIN_BASENAME}/alunos`}
        resource="alunos"
        data={{ alunos: [STUDENT, { ...STUDENT, id: 8, name: 'Ana', cpf: '11144477735', status: 'Evadido' }] }}
      >
        <ResourceList config={students} />
      </AdminStory>,
    );

  it('shows the status as a coloured chip', async () => {
    renderStudents();
    const table = await screen.findByRole('table');
    expect((await within(table).findByText('Ativo')).closest('.MuiChip-root')!.className).toMatch(
      /MuiChip-colorSuccess/,
    );
    expect(within(table).getByText('Evadido').closest('.MuiChip-root')!.className).toMatch(/MuiChip-colorError/);
  });

  it('keeps a long name to its column and shows it whole in a tooltip', async () => {
    renderStudents();
    const cell = await screen.findByText(LONG_NAME.toLocaleUpperCase('pt-BR'));
    expect(cell.style.maxWidth).toBe('150px');
    expect(cell.style.overflow).toBe('hidden');
    fireEvent.mouseOver(cell);
    expect((await screen.findByRole('tooltip', {}, { timeout: 3000 })).textContent).toBe(
      LONG_NAME.toLocaleUpperCase('pt-BR'),
    );
  });

  it("keeps the row's actions in one column and opens a record with a click on its row", async () => {
    render(
      <AdminStory path={`${ADMIN_BASENAME}/ensinos`} route={`${ADMIN_BASENAME}/ensinos`} data={{ ensinos: TEACHINGS }}>
        <ResourceList config={teachings} />
      </AdminStory>,
    );
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('ENSINO MÉDIO')).closest('tr')!;
    const actions = within(row).getByRole('link', { name: 'Editar' }).closest('td')!;
    expect(actions.className).toMatch(/acoes/);
    expect(within(actions).getByRole('link', { name: 'Exibir' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Remover' })).toBeTruthy();
    fireEvent.click(within(row).getByText('ENSINO MÉDIO'));
    expect(await screen.findByText('/admin/ensinos/1/editar')).toBeTruthy();
  });
});

describe('a system user', () => {
  const USERS = [
    {
      id: PROVIDER_USER_ID,
      name: 'Mercado Pago',
      email: 'mercadopago@sistema.invalid',
      created_at: '2026-01-31T12:00:00.000Z',
    },
    { id: 101, name: 'Secretária', email: 'secretaria@escola.edu.br', created_at: '2026-02-01T12:00:00.000Z' },
  ];
  const FIXED = 'O usuário Mercado Pago registra os pagamentos recebidos e não pode ser alterado nem apagado.';
  /** A users screen at `/usuarios{address}`, its route `/usuarios{route}`. */
  const renderUsers = (address: string, route: string, screenElement: ReactElement) =>
    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/usuarios${address}`}
        route={`${ADMIN_BASENAME}/usuarios${route}`}
        resource="usuarios"
        data={{ usuarios: USERS }}
      >
        {screenElement}
      </AdminStory>,
    );

  it('offers neither Editar nor Remover for the Mercado Pago user, and both for the others', async () => {
    renderUsers('', '', <ResourceList config={users} />);
    const table = await screen.findByRole('table');
    const provider = within((await within(table).findByText('MERCADO PAGO')).closest('tr')!);
    expect(provider.getByRole('link', { name: 'Exibir' })).toBeTruthy();
    expect(provider.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(provider.queryByRole('button', { name: 'Remover' })).toBeNull();
    const other = within(within(table).getByText('SECRETÁRIA').closest('tr')!);
    expect(other.getByRole('link', { name: 'Editar' })).toBeTruthy();
    expect(other.getByRole('button', { name: 'Remover' })).toBeTruthy();
  });

  it('says on its page why it cannot be changed, with no Editar button', async () => {
    renderUsers(`/${PROVIDER_USER_ID}/show`, '/:id/show', <ResourceShow config={users} />);
    expect(await screen.findByText(FIXED)).toBeTruthy();
    expect(screen.getByText('mercadopago@sistema.invalid')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
  });

  it('answers its edit address with the reason instead of a form', async () => {
    renderUsers(`/${PROVIDER_USER_ID}/editar`, '/:id/editar', <ResourceEdit config={users} />);
    expect(await screen.findByText(FIXED)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Nome/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Salvar/i })).toBeNull();
  });

  it('asks for the current password only when the signed-in user changes their own', async () => {
    const signedInAs = (id: number) => ({
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => null,
      getIdentity: async () => ({ id, fullName: 'Secretária' }),
    });
    const own = render(
      <AdminStory
        path={`${ADMIN_BASENAME}/usuarios/101/editar`}
        route={`${ADMIN_BASENAME}/usuarios/:id/editar`}
        resource="usuarios"
        data={{ usuarios: USERS }}
        authProvider={signedInAs(101)}
      >
        <ResourceEdit config={users} />
      </AdminStory>,
    );
    fireEvent.click(await screen.findByLabelText('Alterar senha'));
    expect(await screen.findByLabelText(/^Senha atual/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Nova senha/), { target: { value: 'nova-senha-123' } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/i }));
    expect(await screen.findByText('Informe a sua senha atual para trocá-la.')).toBeTruthy();
    own.unmount();

    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/usuarios/101/editar`}
        route={`${ADMIN_BASENAME}/usuarios/:id/editar`}
        resource="usuarios"
        data={{ usuarios: USERS }}
        authProvider={signedInAs(7)}
      >
        <ResourceEdit config={users} />
      </AdminStory>,
    );
    fireEvent.click(await screen.findByLabelText('Alterar senha'));
    expect(await screen.findByLabelText(/^Nova senha/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Senha atual/)).toBeNull();
  });

  it('keeps the form for any other user', async () => {
    renderUsers('/101/editar', '/:id/editar', <ResourceEdit config={users} />);
    expect(((await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ })) as HTMLInputElement).value).toBe(
      'Secretária',
    );
    expect(screen.queryByText(FIXED)).toBeNull();
  });
});

describe('forms in sections', () => {
  it("lays the student's form out in its six sections (the census's last), in order, then the guardian's", async () => {
    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/alunos/registrar`}
        route={`${ADMIN_BASENAME}/alunos/registrar`}
        resource="alunos"
        data={{ alunos: [] }}
      >
        <ResourceCreate config={students} />
      </AdminStory>,
    );
    await screen.findByRole('heading', { name: 'Dados pessoais' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Dados pessoais',
      'Documentos',
      'Endereço',
      'Contato',
      'Filiação',
      'Censo',
      'Responsável',
    ]);
    const address = within(screen.getByRole('region', { name: 'Endereço' }));
    for (const label of ['CEP', 'Logradouro', 'Número', 'Bairro', 'Cidade'])
      expect(address.getByLabelText(label)).toBeTruthy();
  });

  it('counts the fields a refused save marks in the toast, as the bespoke forms do', async () => {
    render(
      <AdminStory
        path={`${ADMIN_BASENAME}/ensinos/registrar`}
        route={`${ADMIN_BASENAME}/ensinos/registrar`}
        data={{ ensinos: TEACHINGS }}
      >
        <ResourceCreate config={teachings} />
      </AdminStory>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('1 campo precisa de atenção: veja a mensagem em vermelho.')).toBeTruthy();
  });
});

describe('bespoke forms mark what the server refused', () => {
  it("marks the book's fields named by a 422 in red, with the count in the toast", async () => {
    globalThis.fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            message: 'O campo Livro é obrigatório. (e mais 1 erro)',
            errors: { book_number: ['O campo Livro é obrigatório.'], page_number: ['O campo Folha é obrigatório.'] },
          }),
          {
            status: 422,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    render(
      <AdminStory path={`${ADMIN_BASENAME}/alunos/7/editar`} resource="alunos">
        <BooksTab studentId={7} books={[]} enrolments={[]} />
      </AdminStory>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar livro' }));
    expect(await screen.findByText('O campo Livro é obrigatório.')).toBeTruthy();
    expect(screen.getByText('O campo Folha é obrigatório.')).toBeTruthy();
    expect(screen.getByLabelText('Livro').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Registro').getAttribute('aria-invalid')).toBe('false');
    expect(await screen.findByText('2 campos precisam de atenção: veja as mensagens em vermelho.')).toBeTruthy();
    // Typing in the field clears its mark.
    fireEvent.change(screen.getByLabelText('Livro'), { target: { value: '12' } });
    expect(screen.getByLabelText('Livro').getAttribute('aria-invalid')).toBe('false');
  });
});

describe('notifications', () => {
  function TwoQuickActions() {
    const notify = useNotify();
    useEffect(() => {
      notify('Registro criado com sucesso!', { type: 'success' });
      notify('Não foi possível apagar: há turmas neste curso.', { type: 'error' });
    }, [notify]);
    return null;
  }

  it('shows only the latest result, at once', async () => {
    render(
      <AdminStory titleBar={false}>
        <TwoQuickActions />
      </AdminStory>,
    );
    expect(await screen.findByText('Não foi possível apagar: há turmas neste curso.')).toBeTruthy();
    expect(screen.queryByText('Registro criado com sucesso!')).toBeNull();
  });

  it('closes every toast by itself after five seconds, an error too, with a progress bar; the × closes it before', () => {
    vi.useFakeTimers();
    try {
      const successClosed = vi.fn();
      const errorClosed = vi.fn();
      render(
        <>
          <Toast open type="success" message="Salvo." onClose={successClosed} />
          <Toast open type="error" message="Falhou." onClose={errorClosed} />
        </>,
      );
      const error = screen.getByText('Falhou.').closest('[role="alert"]') as HTMLElement;
      // The bar that shows the time left (spec §8), on the error as on the success.
      expect(error.querySelector('.MuiLinearProgress-root')).not.toBeNull();
      act(() => void vi.advanceTimersByTime(4_000));
      expect(errorClosed).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(1_500));
      expect(successClosed).toHaveBeenCalled();
      expect(errorClosed).toHaveBeenCalled();
      errorClosed.mockClear();
      fireEvent.click(within(error).getByRole('button'));
      expect(errorClosed).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('menu', () => {
  it("folds groups, and opens the current screen's group", async () => {
    localStorage.setItem(
      MENU_KEY,
      JSON.stringify([
        { text: 'Secretaria', icon: 'person', children: [{ action: 'Alunos', path: '/admin/alunos' }] },
        { text: 'Cadastros', icon: 'book', children: [{ action: 'Ensinos', path: '/admin/ensinos' }] },
        {
          text: 'Relatórios',
          icon: 'assessment',
          children: [{ action: 'Inadimplentes', path: '/admin/reports/inadimplentes' }],
        },
      ]),
    );
    localStorage.setItem('secretaria.menu.closed', JSON.stringify(['Cadastros', 'Relatórios']));
    render(
      <AdminStory path={`${ADMIN_BASENAME}/ensinos`} titleBar={false}>
        <AppMenu />
      </AdminStory>,
    );
    const nav = within(await screen.findByRole('navigation', { name: 'Menu principal' }));
    // The current screen's group is open although it had been folded; the other folded one stays folded.
    expect(nav.getByRole('link', { name: 'Ensinos' }).getAttribute('aria-current')).toBe('page');
    expect(nav.queryByRole('link', { name: 'Inadimplentes' })).toBeNull();
    fireEvent.click(nav.getByRole('button', { name: 'Secretaria' }));
    await waitFor(() => expect(nav.queryByRole('link', { name: 'Alunos' })).toBeNull());
    fireEvent.click(nav.getByRole('button', { name: 'Relatórios' }));
    expect(await nav.findByRole('link', { name: 'Inadimplentes' })).toBeTruthy();
  });
});

describe("the admin's not-found page", () => {
  it('answers an unknown admin address with a not-found page leading to the dashboard', async () => {
    render(
      <AdminStory path={`${ADMIN_BASENAME}/nao-existe`}>
        <AdminNotFound />
      </AdminStory>,
    );
    expect((await screen.findAllByRole('heading', { name: 'Página não encontrada' })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Ir para o painel' }).getAttribute('href')).toBe('/admin/dashboard');
  });
});
