import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { USER_KEY } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { LowAttendanceCard } from '../../src/admin/LowAttendanceCard';
import { LowAttendancePage } from '../../src/admin/LowAttendancePage';
import { AdminStory } from '../../stories/support';

/** The dashboard's card of the students under the minimum attendance, for the roles that may draw the report. */

const row = (name: string, id: number, discipline: string, frequency: number, absences: number, periods: number) => ({
  team: 'Turma Médio 2026 A',
  discipline,
  registration_id: id + 100,
  student: { id, name },
  periods,
  absences,
  justified: 0,
  frequency,
});
const LIST = {
  minimum: 75,
  data: [
    row('Heloísa Martins Costa', 12, 'Matemática', 50, 3, 6),
    row('Heloísa Martins Costa', 12, 'História', 0, 1, 1),
    row('João Pedro Albuquerque dos Santos', 15, 'Matemática', 66.7, 2, 6),
  ],
};

let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://escola.test').pathname;
    asked.push(path);
    const body = path.endsWith('/students') ? LIST : { count: 7, minimum: 75 };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedInWith = (permissions: string[]) =>
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));

it('shows the count and opens the list on screen for a role that may draw the report', async () => {
  signedInWith(['reports.general']);
  render(
    <AdminStory path="/admin" dataProvider={dataProvider} titleBar={false}>
      <LowAttendanceCard />
    </AdminStory>,
  );
  expect(await screen.findByText('7')).toBeTruthy();
  expect(screen.getByText('alunos abaixo da frequência mínima (75%)')).toBeTruthy();
  expect(screen.getByRole('link').getAttribute('href')).toBe('/admin/baixa-frequencia');
  expect(asked).toEqual(['/api/indicators/low-attendance']);
});

it('is absent, and asks nothing, for a role without the report', () => {
  signedInWith(['teams.read', 'grades.write']);
  render(
    <AdminStory path="/admin" dataProvider={dataProvider} titleBar={false}>
      <div data-testid="painel">
        <LowAttendanceCard />
      </div>
    </AdminStory>,
  );
  expect(screen.getByTestId('painel').textContent).toBe('');
  expect(asked).toEqual([]);
});

it('lists the students under the minimum on screen, each discipline a row, with the spreadsheet a click away', async () => {
  signedInWith(['reports.general']);
  render(
    <AdminStory path="/admin/baixa-frequencia" dataProvider={dataProvider}>
      <LowAttendancePage />
    </AdminStory>,
  );
  expect(
    await screen.findByText('2 alunos ativos abaixo da frequência mínima da escola (75%) em alguma disciplina.'),
  ).toBeTruthy();
  const table = screen.getByRole('table', { name: 'Alunos com baixa frequência' });
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
  expect(rows).toEqual([
    ['HELOÍSA MARTINS COSTA', '000112', 'TURMA MÉDIO 2026 A', 'MATEMÁTICA', '3 faltas em 6 aulas', '50,0%'],
    ['HELOÍSA MARTINS COSTA', '000112', 'TURMA MÉDIO 2026 A', 'HISTÓRIA', '1 falta em 1 aula', '0,0%'],
    ['JOÃO PEDRO ALBUQUERQUE DOS SANTOS', '000115', 'TURMA MÉDIO 2026 A', 'MATEMÁTICA', '2 faltas em 6 aulas', '66,7%'],
  ]);
  expect(screen.getAllByRole('link', { name: 'HELOÍSA MARTINS COSTA' })[0].getAttribute('href')).toBe(
    '/admin/alunos/12/show',
  );
  expect(screen.getByRole('link', { name: 'Baixar planilha' }).getAttribute('href')).toBe(
    '/admin/reports/alunos-com-baixa-frequencia',
  );
  expect(asked).toEqual(['/api/indicators/low-attendance/students']);
});
