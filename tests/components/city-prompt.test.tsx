import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CITY_PROMPT_KEY, CityPrompt } from '../../src/school/CityPrompt';
import { AdminStory } from '../../stories/support';

/** A fresh install (issue 35): Administração is asked for the school's city on signing in (fetch stubbed). */

const SETTINGS = { school_name: 'Escola Estadual Professora Maria José', city: null, average_grade: 6, phones: [] };
let sent: Record<string, unknown>[];
let city: string | null;
let reads: number;

beforeEach(() => {
  sent = [];
  city = null;
  reads = 0;
  sessionStorage.clear();
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return Response.json({ data: body, message: 'Configurações salvas com sucesso!' });
    }
    reads += 1;
    return Response.json({ data: { ...SETTINGS, city } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const show = () =>
  render(
    <AdminStory titleBar={false}>
      <CityPrompt />
    </AdminStory>,
  );

it('asks for the city while it is missing and saves it with the settings as they are', async () => {
  show();
  const dialog = await screen.findByRole('dialog', { name: 'Em que cidade fica a escola?' });
  fireEvent.change(within(dialog).getByLabelText(/Cidade da escola/), { target: { value: '  Ananindeua - PA ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({ ...SETTINGS, city: 'Ananindeua - PA' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('"Agora não" leaves it until the next sign-in; a school with its city is not asked', async () => {
  const { unmount } = show();
  const dialog = await screen.findByRole('dialog', { name: 'Em que cidade fica a escola?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Agora não' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(sessionStorage.getItem(CITY_PROMPT_KEY)).toBe('later');
  unmount();

  sessionStorage.clear();
  city = 'Belém - PA';
  reads = 0;
  show();
  // The settings were read, and the answer (with a city) asks nothing.
  await waitFor(() => expect(reads).toBe(1));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(sent).toEqual([]);
});
