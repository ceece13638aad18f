import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamDisciplinesPage } from '../../src/teams/TeamDisciplinesPage';
import { AdminStory } from '../../stories/support';

/** The grade entry screen against a fake `/api` (fetch stubbed): what it sends and how it answers. */

type Answer = { status: number; body: unknown };
let posts: { grades: { student_id: number; stage_id: number; grade: string }[] }[];
let postAnswers: Answer[];
let registrations: { id: number; student: { id: number; name: string } }[];

const REFUSED = 'grade[1][2][8][5]';

function stubApi() {
  posts = [];
  postAnswers = [];
  registrations = [
    { id: 10, student: { id: 1, name: 'Bruno Araújo' } },
    { id: 11, student: { id: 2, name: 'Ana Beatriz' } },
  ];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    let answer: Answer = { status: 404, body: { message: 'Rota não encontrada.' } };
    if (init.method === 'POST' && url === '/api/grades') {
      posts.push(JSON.parse(String(init.body)));
      answer = postAnswers.shift()!;
    } else if (url === '/api/teams/5/disciplines')
      answer = {
        status: 200,
        body: [
          { id: 8, discipline: 'Matemática', workload: 160 },
          { id: 9, discipline: 'História', workload: 80 },
        ],
      };
    else if (url === '/api/teams/5/students') answer = { status: 200, body: { name: 'Turma A', registrations } };
    // The shapes the server answers (the original server's): list keyed by discipline name, plain lists.
    else if (url === '/api/grids/5/get-full-grid?discipline_id=8') {
      const slot = (stage: number) => ({
        id: 40 + stage,
        grid_id: 1,
        course_id: 1,
        stage_id: stage,
        stage_name: `stage_${stage}`,
        stage,
        discipline_id: 8,
        discipline_name: 'Matemática',
        workload: 80,
      });
      answer = {
        status: 200,
        body: {
          grid_name: 'Grade',
          course_name: 'Curso',
          total_stage: 2,
          total_workload: 160,
          list: { Matemática: [slot(1), slot(2)] },
          stagesNumbers: [1, 2],
        },
      };
    } else if (url === '/api/teams/5/grades') {
      answer = {
        status: 200,
        body: [{ id: 1, student_id: 2, stage_id: 1, discipline_id: 8, team_id: 5, grade: '7.5' }],
      };
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

beforeEach(stubApi);
afterEach(() => vi.unstubAllGlobals());

const cell = (student: string, stage: number) =>
  screen.getByRole('textbox', { name: `Nota de ${student}, ${stage}ª etapa` }) as HTMLInputElement;
/** The words shown at a cell under its input (its accessible description). */
const reason = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('grade entry screen', () => {
  it('announces the discipline, shows the stored grades, refuses invalid cells, marks what the server refused, then saves', async () => {
    render(
      <AdminStory path="/admin/turmas/5/disciplinas/8/alunos" route="/admin/turmas/:id/disciplinas/*" resource="turmas">
        <TeamDisciplinesPage />
      </AdminStory>,
    );
    expect(await screen.findByText('Lançando notas de MATEMÁTICA', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^HISTÓRIA/ })).toBeTruthy();
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('th')?.textContent),
    ).toEqual(['ANA BEATRIZMatrícula 000011', 'BRUNO ARAÚJOMatrícula 000010']);
    expect(cell('ANA BEATRIZ', 1).value).toBe('7,5');

    fireEvent.change(cell('BRUNO ARAÚJO', 2), { target: { value: '11.0' } });
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR NOTAS' }));
    expect((await screen.findAllByText(/^Há notas inválidas/)).length).toBeGreaterThan(0);
    expect(posts).toHaveLength(0);

    postAnswers.push({
      status: 422,
      body: { message: 'Bruno saiu da turma.', errors: { [REFUSED]: ['Bruno saiu da turma.'] } },
    });
    fireEvent.change(cell('BRUNO ARAÚJO', 2), { target: { value: '9.0' } });
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR NOTAS' }));
    expect((await screen.findAllByText('Bruno saiu da turma.')).length).toBeGreaterThan(0);
    expect(cell('BRUNO ARAÚJO', 2).getAttribute('aria-invalid')).toBe('true');
    // The whole sheet is sent; an empty cell says "no grade".
    expect(posts[0].grades).toEqual([
      { student_id: 2, stage_id: 1, discipline_id: 8, team_id: 5, grade: '7.5' },
      { student_id: 2, stage_id: 2, discipline_id: 8, team_id: 5, grade: '' },
      { student_id: 1, stage_id: 1, discipline_id: 8, team_id: 5, grade: '' },
      { student_id: 1, stage_id: 2, discipline_id: 8, team_id: 5, grade: '9.0' },
    ]);

    fireEvent.change(cell('BRUNO ARAÚJO', 2), { target: { value: '8' } });
    expect(cell('BRUNO ARAÚJO', 2).getAttribute('aria-invalid')).toBeNull();
    postAnswers.push({ status: 200, body: { message: 'Notas salvas com sucesso!' } });
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR NOTAS' }));
    // Saved as the roll call is: a toast, no dialog to close, and nothing left unsaved.
    expect(await screen.findByText('Notas salvas com sucesso!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Alterações não salvas/)).toBeNull();
    expect(cell('BRUNO ARAÚJO', 2).value).toBe('8,0');
  });
  it('takes a grade as typed: 10 is 10.0, 11 and 9,75 are refused at the cell and nothing is saved', async () => {
    render(
      <AdminStory path="/admin/turmas/5/disciplinas/8/alunos" route="/admin/turmas/:id/disciplinas/*" resource="turmas">
        <TeamDisciplinesPage />
      </AdminStory>,
    );
    await screen.findByText('Lançando notas de MATEMÁTICA', {}, { timeout: 5000 });
    expect(screen.getByText(/com no máximo uma casa decimal/)).toBeTruthy();

    fireEvent.change(cell('ANA BEATRIZ', 2), { target: { value: '10' } });
    expect(cell('ANA BEATRIZ', 2).value).toBe('10');
    fireEvent.blur(cell('ANA BEATRIZ', 2));
    expect(cell('ANA BEATRIZ', 2).value).toBe('10,0');
    fireEvent.change(cell('BRUNO ARAÚJO', 1), { target: { value: '11' } });
    expect(cell('BRUNO ARAÚJO', 1).value).toBe('11');
    expect(reason(cell('BRUNO ARAÚJO', 1))).toBe('Nota fora da escala: use de 0,0 a 10,0.');
    fireEvent.change(cell('BRUNO ARAÚJO', 2), { target: { value: '9,75' } });
    expect(cell('BRUNO ARAÚJO', 2).value).toBe('9,75');
    expect(reason(cell('BRUNO ARAÚJO', 2))).toBe(
      'Use uma casa decimal só (ex.: 9,7 ou 9,8): a nota não é arredondada.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR NOTAS' }));
    expect((await screen.findAllByText(/^Há notas inválidas/)).length).toBeGreaterThan(0);
    expect(posts).toHaveLength(0);

    fireEvent.change(cell('BRUNO ARAÚJO', 1), { target: { value: '7' } });
    fireEvent.change(cell('BRUNO ARAÚJO', 2), { target: { value: '9,5' } });
    postAnswers.push({ status: 200, body: { message: 'Notas salvas com sucesso!' } });
    fireEvent.click(screen.getByRole('button', { name: 'SALVAR NOTAS' }));
    await screen.findByText('Notas salvas com sucesso!');
    expect(posts[0].grades.map((g) => g.grade)).toEqual(['7.5', '10.0', '7.0', '9.5']);
  });

  it('tells apart two students with the same name by their registration numbers', async () => {
    registrations = [
      { id: 21, student: { id: 3, name: 'Maria da Silva' } },
      { id: 12, student: { id: 4, name: 'Maria da Silva' } },
    ];
    render(
      <AdminStory path="/admin/turmas/5/disciplinas/8/alunos" route="/admin/turmas/:id/disciplinas/*" resource="turmas">
        <TeamDisciplinesPage />
      </AdminStory>,
    );
    await screen.findByText('Lançando notas de MATEMÁTICA', {}, { timeout: 5000 });
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('th')?.textContent),
    ).toEqual(['MARIA DA SILVAMatrícula 000012', 'MARIA DA SILVAMatrícula 000021']);
    fireEvent.change(cell('MARIA DA SILVA (matrícula 000021)', 1), { target: { value: '6' } });
    expect(screen.getByLabelText('Média de MARIA DA SILVA (matrícula 000021)').textContent).toBe('6,0');
    expect(screen.getByLabelText('Média de MARIA DA SILVA (matrícula 000012)').textContent).toBe('—');
  });
});
