import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { students } from '../../resources/students';
import { ResourceList } from '../../src/resources/ResourceList';
import { ADMIN_BASENAME, AdminStory } from '../../stories/support';
import { LONG_NAMED_STUDENTS } from '../../stories/support/students';
import { onPhone } from './support/media';

/**
 * Issue 35: at a desk every row has its own Exibir, Editar and Remover (a "⋮" menu hid them at 1366 px); on a phone
 * a list is a list of cards with the name whole (a 390 px table cut it to "JOS É…"), and a photo is asked for only
 * where the list says there is one.
 */

const ROWS = LONG_NAMED_STUDENTS.map((s, i) => ({ ...s, has_photo: i === 0 }));

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } });
  });
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: () => 'blob:foto', revokeObjectURL: () => undefined }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderStudents = () =>
  render(
    <AdminStory
      path={`${ADMIN_BASENAME}/alunos`}
      route={`${ADMIN_BASENAME}/alunos`}
      resource="alunos"
      data={{ alunos: ROWS }}
    >
      <ResourceList config={students} />
    </AdminStory>,
  );

describe('at a desk (1366 px: the list is 1100 px wide)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1100);
  });
  afterEach(() => vi.restoreAllMocks());

  it('gives every row its own Exibir, Editar and Remover, with no menu to open', async () => {
    renderStudents();
    const table = await screen.findByRole('table');
    await within(table).findByText('ANA');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(within(row).getByRole('link', { name: 'Exibir' })).toBeTruthy();
      expect(within(row).getByRole('link', { name: 'Editar' })).toBeTruthy();
      expect(within(row).getByRole('button', { name: 'Remover' })).toBeTruthy();
      expect(within(row).queryByRole('button', { name: 'Ações' })).toBeNull();
    }
  });
});

describe('on a 390 px phone', () => {
  beforeEach(onPhone);

  it('shows a card per student with the whole name, its columns as label and value, and its actions', async () => {
    renderStudents();
    const list = await screen.findByRole('list', { name: 'Alunos' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const jose = cards.find((c) => c.textContent?.includes('JOSÉ'))!;
    expect(
      within(jose)
        .getByRole('link', { name: 'JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI' })
        .getAttribute('href'),
    ).toBe('/admin/alunos/7/editar');
    // Dates whole, as on the record's page; the name cut nowhere.
    expect(within(jose).getByText('Criado').nextElementSibling?.textContent).toBe('31/01/2026 20:30');
    expect(within(jose).getByText('Matriculado na(s) turma(s)').nextElementSibling?.textContent).toBe(
      'TÉCNICO EM ENFERMAGEM CASTANHAL 2026',
    );
    expect(within(jose).getByRole('button', { name: 'Remover' })).toBeTruthy();
    expect(jose.textContent).not.toContain('…');
  });

  it('asks for the photo of the student who has one, and for no other', async () => {
    renderStudents();
    await screen.findByRole('list', { name: 'Alunos' });
    await waitFor(() => expect(asked).toContain('/api/students/7/get-image'));
    expect(asked.filter((u) => u.includes('get-image'))).toEqual(['/api/students/7/get-image']);
  });
});
