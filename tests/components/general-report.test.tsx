import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ReportPage } from '../../src/reports/ReportPage';
import { AdminStory } from '../../stories/support';

/** The general report's page against a fake `/api`: what it asks the server and what it shows. */

const ROW = {
  id: 9,
  student_id: 40,
  name: 'Heloísa Martins Costa',
  team: 'Enfermagem 2026.1',
  polo: 'Polo Sede Ananindeua',
  responsible: 'Maria das Graças Souza',
  grid: 'Técnico em Enfermagem',
};
let fetched: string[];
let saved: string[];

beforeEach(() => {
  fetched = [];
  saved = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    if (url.includes('.csv?'))
      return new Response('\uFEFFCódigo do aluno;Aluno\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    return new Response(JSON.stringify({ data: [ROW], current_page: 1, last_page: 3, per_page: 10, total: 21 }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  URL.createObjectURL = () => 'blob:csv';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('pages, sorts and searches on the server, links names to the student and downloads the CSV of the same filter', async () => {
  render(
    <AdminStory path="/admin/reports/general-report-of-students" route="/admin/reports/*" resource="reports">
      <ReportPage />
    </AdminStory>,
  );
  const link = await screen.findByRole('link', { name: 'HELOÍSA MARTINS COSTA' });
  expect(link.getAttribute('href')).toBe('/admin/alunos/40/editar');
  expect(screen.getByText('1–10 de 21')).toBeTruthy();
  expect(fetched).toEqual(['/api/reports/general-report-of-students?sortBy=name&sortDesc=0&page=1&perPage=10']);

  fireEvent.click(within(screen.getByRole('table')).getByText('Turma'));
  await waitFor(() =>
    expect(fetched.at(-1)).toBe('/api/reports/general-report-of-students?sortBy=team&sortDesc=0&page=1&perPage=10'),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
  await waitFor(() =>
    expect(fetched.at(-1)).toBe('/api/reports/general-report-of-students?sortBy=team&sortDesc=0&page=2&perPage=10'),
  );
  // A new search goes back to the first page.
  fireEvent.change(screen.getByLabelText('Pesquisar'), { target: { value: 'heloísa' } });
  await waitFor(() =>
    expect(fetched.at(-1)).toBe(
      '/api/reports/general-report-of-students?search=helo%C3%ADsa&sortBy=team&sortDesc=0&page=1&perPage=10',
    ),
  );

  fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
  await waitFor(() => expect(saved).toEqual(['relatorio_geral_de_alunos.csv']));
  expect(fetched.at(-1)).toBe('/api/reports/general-report-of-students.csv?search=helo%C3%ADsa&sortBy=team&sortDesc=0');
});
