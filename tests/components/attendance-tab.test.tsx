import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AttendanceTab } from '../../src/students/AttendanceTab';
import { AdminStory } from '../../stories/support';
import { STUDENT_ATTENDANCE } from '../../stories/support/attendance';

/** Tab FREQUÊNCIA against a fake `/api` (fetch stubbed): what the secretary reads on a student's record. */

configure({ asyncUtilTimeout: 5000 });

let urls: string[];
let answer: { status: number; body: unknown };

beforeEach(() => {
  urls = [];
  answer = { status: 200, body: STUDENT_ATTENDANCE };
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () =>
  render(
    <AdminStory titleBar={false} resource="alunos">
      <AttendanceTab studentId={7} />
    </AdminStory>,
  );

it('shows each discipline with its lessons, absences and frequency, naming the one under the minimum', async () => {
  renderTab();
  const table = await screen.findByRole('table', { name: 'Frequência do aluno' });
  expect(urls).toEqual(['/api/students/7/attendance']);
  const rows = within(table).getAllByRole('row');
  expect(
    rows.map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    ),
  ).toEqual([
    [],
    ['8º ano A — 2026', 'Ciências', '64', '4', '2', '96,9%'],
    ['8º ano A — 2026', 'Língua Portuguesa', '120', '18', '6', '90,0%'],
    ['8º ano A — 2026', 'Matemática', '96', '31', '2', '69,8%'],
    ['8º ano A — 2026', 'Arte', '0', '0', '0', '—'],
  ]);
  expect(within(rows[3]).getByLabelText('69,8%, abaixo do mínimo')).toBeTruthy();
  expect(within(rows[1]).queryByLabelText(/abaixo do mínimo/)).toBeNull();
  expect(screen.getByText('Abaixo da frequência mínima (75%) em Matemática.')).toBeTruthy();
});

it("shows the server's refusal in place of the table", async () => {
  answer = { status: 404, body: { message: 'Aluno não encontrado.' } };
  renderTab();
  expect(await screen.findByText('Aluno não encontrado.')).toBeTruthy();
});
