import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CensusProblems } from '../../src/census/CensusPage';
import { AdminStory } from '../../stories/support';
import { CENSUS_PROBLEMS } from '../../stories/support/census';

/**
 * The census's problems (src/census/CensusPage.tsx) as a react-admin list over the check's answer: 25 a page, filtered
 * by kind of record, searched by name without accents, exported as the CSV of what the filters leave, each problem a
 * link to the form that fixes it.
 */

let saved: Blob[];
beforeEach(() => {
  saved = [];
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
});

const messages = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('cell')[2]?.textContent);

const text = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

it('pages the problems by 25, filters them by kind and name, and exports what is left', async () => {
  render(
    <AdminStory path="/admin/censo" resource="censo-pendencias">
      <CensusProblems problems={CENSUS_PROBLEMS} />
    </AdminStory>,
  );
  const school = await screen.findByRole('link', { name: 'Escola: código INEP não informado.' });
  expect(school.getAttribute('href')).toBe('/admin/configuracoes');
  expect(messages()).toHaveLength(25);
  expect(screen.getByText('1-25 de 27')).toBeTruthy();

  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cadastro' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Profissional' }));
  await waitFor(() =>
    expect(messages()).toEqual([
      'Profissional LÚCIA HELENA PRADO: escolaridade não informada.',
      'Profissional MARCOS VINÍCIUS TAVARES: escolaridade não informada.',
    ]),
  );
  fireEvent.change(screen.getByLabelText('Buscar por nome'), { target: { value: 'lucia' } });
  await waitFor(() => expect(messages()).toEqual(['Profissional LÚCIA HELENA PRADO: escolaridade não informada.']));
  expect(
    screen
      .getByRole('link', { name: 'Profissional LÚCIA HELENA PRADO: escolaridade não informada.' })
      .getAttribute('href'),
  ).toBe('/admin/usuarios/7/editar');

  fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const csv = await text(saved[0]);
  expect(csv.split('\r\n')).toEqual([
    'Cadastro;Nome;Pendência;Onde corrigir',
    'Profissional;Lúcia Helena Prado;Profissional LÚCIA HELENA PRADO: escolaridade não informada.;/admin/usuarios/7/editar',
    '',
  ]);
});

it('says so when nothing is missing', async () => {
  render(
    <AdminStory path="/admin/censo" resource="censo-pendencias">
      <CensusProblems problems={[]} />
    </AdminStory>,
  );
  expect(await screen.findByText('Nenhuma pendência: os dados do Censo estão completos para exportar.')).toBeTruthy();
});
