import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { OnlyFor } from '../../src/admin/OnlyFor';
import { GradeGrid } from '../../src/grades/GradeGrid';
import { AccessGuard } from '../../src/resources/AccessGuard';
import { READ_ONLY_SETTINGS, SchoolSettingsPage } from '../../src/school/SchoolSettingsPage';
import { TeamDisciplinesPage } from '../../src/teams/TeamDisciplinesPage';
import { AdminStory } from '../../stories/support';

/**
 * Issue 35: a screen a role cannot change opens read-only or not at all, never a form whose SALVAR answers 403. The
 * role is the one the sign-in keeps (a built-in role's permissions), read with the app's authProvider.
 */

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
};

const slot = (stage: number) => ({ stage_id: stage, stage, discipline_id: 8, discipline_name: 'Matemática' });
const API: Record<string, unknown> = {
  '/api/school-settings': { data: SETTINGS },
  '/api/teams/5/disciplines': [{ id: 8, discipline: 'Matemática', workload: 160 }],
  '/api/teams/5/students': {
    name: 'Turma Médio 2026 A',
    registrations: [
      { id: 10, student: { id: 1, name: 'Bruno Araújo' } },
      { id: 11, student: { id: 2, name: 'Ana Beatriz Nogueira' } },
    ],
  },
  '/api/grids/5/get-full-grid?discipline_id=8': { list: { Matemática: [slot(1), slot(2)] }, stagesNumbers: [1, 2] },
  '/api/teams/5/grades': [{ student_id: 2, stage_id: 1, discipline_id: 8, team_id: 5, grade: '7.5' }],
};

let writes: string[];
beforeEach(() => {
  writes = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method && init.method !== 'GET') writes.push(`${init.method} ${url}`);
    const body = API[url] ?? { data: [], total: 0 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAs(role: string, children: ReactNode, path = '/admin', route = '*') {
  const permissions = BUILTIN_ROLES.find((r) => r.key === role)!.permissions;
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));
  return render(
    <AdminStory path={path} route={route} resource="turmas" authProvider={authProvider}>
      {children}
    </AdminStory>,
  );
}

describe('Configurações da escola', () => {
  it.each(['direcao', 'professor', 'financeiro'])(
    'opens read-only for %s: every input disabled, no SALVAR',
    async (role) => {
      renderAs(role, <SchoolSettingsPage />);
      const name = (await screen.findByLabelText(/^Nome da escola/)) as HTMLInputElement;
      expect(name.value).toBe('Escola Estadual Professora Maria José');
      expect(screen.getByText(READ_ONLY_SETTINGS)).toBeTruthy();
      // Disabled by the fieldset around them, as a browser disables every input under a disabled fieldset.
      const fieldset = name.closest('fieldset')!;
      expect(fieldset.disabled).toBe(true);
      expect(fieldset.contains(screen.getByLabelText('Frequência mínima para aprovação (%)'))).toBe(true);
      expect(
        fieldset.contains(screen.getByRole('switch', { name: 'Faltas justificadas (atestado) contam como faltas' })),
      ).toBe(true);
      // The select does not open: a read-only select keeps its value.
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Texto do contrato' }));
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(screen.queryByRole('button', { name: /Salvar/i })).toBeNull();
      expect(screen.getByRole('button', { name: /Voltar/i })).toBeTruthy();
      expect(writes).toEqual([]);
    },
  );

  it('stays a form with SALVAR for Administração', async () => {
    renderAs('administracao', <SchoolSettingsPage />);
    const name = (await screen.findByLabelText(/^Nome da escola/)) as HTMLInputElement;
    expect(name.closest('fieldset')!.disabled).toBe(false);
    expect(screen.getByRole('button', { name: /Salvar/i })).toBeTruthy();
    expect(screen.queryByText(READ_ONLY_SETTINGS)).toBeNull();
  });
});

describe('the grade sheet', () => {
  const sheetAs = (role: string) =>
    renderAs(role, <TeamDisciplinesPage />, '/admin/turmas/5/disciplinas/8/alunos', '/admin/turmas/:id/disciplinas/*');

  it.each(['direcao', 'financeiro'])('shows %s the grades as text, with nothing to type in or save', async (role) => {
    sheetAs(role);
    const sheet = await screen.findByRole('table', { name: 'Notas da disciplina' });
    const ana = within(sheet).getByRole('row', { name: /ANA BEATRIZ NOGUEIRA/ });
    expect(
      within(ana)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7,5', '—', '7,5']);
    expect(within(sheet).queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'SALVAR NOTAS' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Notas — TURMA MÉDIO 2026 A' })).toBeTruthy();
    expect(screen.getByText('Somente consulta: o seu perfil vê as notas, mas não as lança.')).toBeTruthy();
    // Nothing is being entered: no "Lançando notas de …" toast.
    // (the secretary's comes within a second of the sheet, below)
    await expect(screen.findByText(/^Lançando notas/, {}, { timeout: 1000 })).rejects.toThrow();
  });

  it('keeps the inputs and SALVAR NOTAS for whoever enters grades', async () => {
    sheetAs('secretaria');
    expect(await screen.findByRole('textbox', { name: 'Nota de ANA BEATRIZ NOGUEIRA, 1ª etapa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SALVAR NOTAS' })).toBeTruthy();
    expect(await screen.findByText('Lançando notas de MATEMÁTICA')).toBeTruthy();
  });

  it('draws a read-only grid from the same values, the average included', () => {
    render(
      <GradeGrid
        students={[{ id: 1, name: 'Bruno Araújo' }]}
        stages={[
          { id: 1, stage: 1 },
          { id: 2, stage: 2 },
        ]}
        values={[['8,0', '']]}
        onChange={() => undefined}
        passingAverage={6}
        readOnly
      />,
    );
    const row = screen.getByRole('row', { name: /BRUNO ARAÚJO/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8,0', '—', '8,0']);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });
});

describe('screens by the route', () => {
  it("opens a record's form as its page for a role that reads but may not change it", async () => {
    renderAs(
      'direcao',
      <Routes>
        <Route
          path="/admin/cursos/:id/editar"
          element={
            <AccessGuard resource="cursos" action="edit">
              <p>Formulário do curso</p>
            </AccessGuard>
          }
        />
        <Route path="/admin/cursos/:id/show" element={<p>Página do curso</p>} />
      </Routes>,
      '/admin/cursos/3/editar',
    );
    expect(await screen.findByText('Página do curso')).toBeTruthy();
    expect(screen.queryByText('Formulário do curso')).toBeNull();
  });

  it('refuses a bespoke screen at once to a role its routes do not serve, and opens it to one they do', async () => {
    const { unmount } = renderAs('direcao', <OnlyFor access="settings.manage">Tarefas em segundo plano</OnlyFor>);
    expect((await screen.findAllByRole('heading', { name: 'Acesso negado' })).length).toBeGreaterThan(0);
    expect(screen.queryByText('Tarefas em segundo plano')).toBeNull();
    unmount();
    renderAs('administracao', <OnlyFor access="settings.manage">Tarefas em segundo plano</OnlyFor>);
    await waitFor(() => expect(screen.getByText('Tarefas em segundo plano')).toBeTruthy());
  });
});
