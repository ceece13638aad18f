import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResourceConfig } from '../../resources';
import { teachings } from '../../resources/teachings';
import { ResourceCreate } from '../../src/resources/ResourceForm';
import { ResourceList } from '../../src/resources/ResourceList';
import { ADMIN_BASENAME, AdminStory, manyTeachings, TEACHINGS } from '../../stories/support';

/** The screens are generated from the config: these tests change the config and expect the screen to follow. */

const LIST_PATH = `${ADMIN_BASENAME}/ensinos`;
const CREATE_PATH = `${ADMIN_BASENAME}/ensinos/registrar`;

/** `teachings` plus a `code` field ("Código INEP") in fields, list columns (after Nome) and form fields. */
const withCode: ResourceConfig = {
  ...teachings,
  fields: [...teachings.fields, { name: 'code', label: 'Código INEP', type: 'text' }],
  list: { ...teachings.list, columns: teachings.list.columns.flatMap((c) => (c === 'name' ? [c, 'code'] : [c])) },
  formFields: [...teachings.formFields, 'code'],
};

/**
 * How long a re-render of the list may take: the DataTable (with its selection column) re-renders in a second or
 * two, but several test files share the machine's cores.
 */
const SLOW = 10_000;

const CODES = ['41000011', '41000029', '41000037', '41000045'];
const rowsWithCode = TEACHINGS.map((t, i) => ({ ...t, code: CODES[i] }));

function renderList(config: ResourceConfig, rows: readonly object[] = TEACHINGS) {
  return render(
    <AdminStory path={LIST_PATH} route={LIST_PATH} data={{ ensinos: rows.map((r, i) => ({ id: i + 1, ...r })) }}>
      <ResourceList config={config} />
    </AdminStory>,
  );
}

/** Header texts of the list table, in order (waits for the rows). */
async function headers(): Promise<string[]> {
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  // The selection checkbox of the bulk actions heads a column of its own.
  return within(table)
    .getAllByRole('columnheader')
    .filter((h) => !h.classList.contains('MuiTableCell-paddingCheckbox'))
    .map((h) => h.textContent?.trim() ?? '');
}

function header(name: string): HTMLElement {
  const cell = screen.getAllByRole('columnheader').find((h) => h.textContent?.trim() === name);
  if (!cell) throw new Error(`No column "${name}"`);
  return cell;
}

describe('generated list of Ensinos', () => {
  it('shows the title and the columns of the config, then the row actions', async () => {
    renderList(teachings);
    expect(await screen.findByText('Relação de todos os ensinos')).toBeTruthy();
    expect(await headers()).toEqual(['#', 'Nome', 'Descrição', 'Criado', 'Ações']);
  });

  it('shows names in upper case, newest first, long descriptions cut', async () => {
    renderList(teachings);
    const table = await screen.findByRole('table');
    await within(table).findByText('ENSINO MÉDIO');
    expect(within(table).queryByText('Ensino Médio')).toBeNull();
    const firstCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(firstCells).toEqual(['4', '3', '2', '1']);
    const long = TEACHINGS[1].description ?? '';
    expect(within(table).queryByText(long)).toBeNull();
    expect(within(table).getByText(/^Formação técnica de nível médio.*…$/)).toBeTruthy();
  });

  it('names the selection checkboxes for a screen reader, on the box itself', async () => {
    renderList(teachings);
    await headers();
    // react-admin labels the row's checkbox on its wrapper: the theme hands the label to the input (axe: label).
    expect(screen.getAllByRole('checkbox', { name: 'Selecionar esta linha' })).toHaveLength(TEACHINGS.length);
    expect(screen.getByRole('checkbox', { name: 'Selecionar todos' })).toBeTruthy();
    expect(document.querySelectorAll('.select-item[aria-label]')).toHaveLength(0);
  });

  it('makes only the configured sortable fields sortable', async () => {
    renderList(withCode, rowsWithCode);
    await headers();
    for (const name of ['#', 'Nome', 'Descrição', 'Criado'])
      expect(within(header(name)).queryByRole('button'), name).not.toBeNull();
    expect(within(header('Código INEP')).queryByRole('button')).toBeNull();
  });

  it('shows a column for a field added to the config', async () => {
    renderList(withCode, rowsWithCode);
    expect(await headers()).toEqual(['#', 'Nome', 'Código INEP', 'Descrição', 'Criado', 'Ações']);
    expect(screen.getByText(CODES[0])).toBeTruthy();
  });

  it('drops a column removed from the config', async () => {
    renderList({ ...teachings, list: { ...teachings.list, columns: ['id', 'name', 'created_at'] } });
    expect(await headers()).toEqual(['#', 'Nome', 'Criado', 'Ações']);
    expect(screen.queryByText(/^Etapa final da educação básica/)).toBeNull();
  });

  it('filters by the search box, case- and accent-insensitively', async () => {
    renderList(teachings);
    const table = await screen.findByRole('table');
    await within(table).findByText('ENSINO FUNDAMENTAL');
    fireEvent.change(screen.getByPlaceholderText('Filtrar a lista abaixo'), { target: { value: 'MEDIO' } });
    await waitFor(() => expect(screen.queryByText('ENSINO FUNDAMENTAL')).toBeNull(), { timeout: SLOW });
    // "Ensino Médio" by name, "Ensino Técnico Integrado" by its description ("… nível médio …").
    expect(screen.getByText('ENSINO MÉDIO')).toBeTruthy();
    expect(screen.getByText('ENSINO TÉCNICO INTEGRADO')).toBeTruthy();
    expect(screen.queryByText('EDUCAÇÃO DE JOVENS E ADULTOS')).toBeNull();
  });

  it('pages ten rows at a time with page links', async () => {
    renderList(teachings, manyTeachings(35));
    await screen.findByText('CURSO TÉCNICO 35');
    expect(screen.getByText('1-10 de 35')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter(Boolean),
    ).toEqual(['1', '2', '3', '4']);
    fireEvent.click(within(nav).getByText('2'));
    // queryBy, not findBy: a findBy that misses prints the whole page each time it looks, which slows the page change.
    await waitFor(() => expect(screen.queryByText('CURSO TÉCNICO 25')).not.toBeNull(), { timeout: SLOW });
    expect(screen.queryByText('CURSO TÉCNICO 35')).toBeNull();
  });
});

describe('generated create form', () => {
  function renderCreate(config: ResourceConfig) {
    return render(
      <AdminStory path={CREATE_PATH} route={CREATE_PATH} data={{ ensinos: TEACHINGS }}>
        <ResourceCreate config={config} />
      </AdminStory>,
    );
  }

  it('has the inputs of the config and SALVAR', async () => {
    renderCreate(teachings);
    expect(await screen.findByRole('textbox', { name: /^Nome/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Descrição/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Código INEP/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Salvar/i })).toBeTruthy();
  });

  it('has an input for a field added to the config', async () => {
    renderCreate(withCode);
    const input = await screen.findByRole('textbox', { name: 'Código INEP' });
    expect(input).toBeTruthy();
    const names = screen.getAllByRole('textbox').map((el) => el.getAttribute('name'));
    expect(names).toEqual(['name', 'description', 'code']);
  });
});
