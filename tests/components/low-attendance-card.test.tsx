import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { USER_KEY } from '../../authProvider';
import { LowAttendanceCard } from '../../src/admin/LowAttendanceCard';

/** The dashboard's card of the students under the minimum attendance, for the roles that may draw the report. */

let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url, 'http://escola.test').pathname);
    return new Response(JSON.stringify({ count: 7, minimum: 75 }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedInWith = (permissions: string[]) =>
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));

it('shows the count and opens the report for a role that may draw it', async () => {
  signedInWith(['reports.general']);
  render(
    <MemoryRouter>
      <LowAttendanceCard />
    </MemoryRouter>,
  );
  expect(await screen.findByText('7')).toBeTruthy();
  expect(screen.getByText('alunos abaixo da frequência mínima (75%)')).toBeTruthy();
  expect(screen.getByRole('link').getAttribute('href')).toBe('/admin/reports/alunos-com-baixa-frequencia');
  expect(asked).toEqual(['/api/indicators/low-attendance']);
});

it('is absent, and asks nothing, for a role without the report', () => {
  signedInWith(['teams.read', 'grades.write']);
  const { container } = render(
    <MemoryRouter>
      <LowAttendanceCard />
    </MemoryRouter>,
  );
  expect(container.textContent).toBe('');
  expect(asked).toEqual([]);
});
