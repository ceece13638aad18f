import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { schoolDayOf } from '../../resources/format';
import { LessonsPage } from '../../src/lessons/LessonsPage';
import { OUTBOX_KEY, rememberLessonRoll, rememberRoll } from '../../src/lessons/outbox';
import { RollCall } from '../../src/lessons/RollCall';
import type { RollEntry } from '../../src/lessons/types';
import { useOutboxSender } from '../../src/lessons/useOutbox';
import { AdminStory } from '../../stories/support';

/** The teacher's roll call against a fake `/api` (fetch stubbed): what it marks, keeps and sends. */

const entry = (registration_id: number, name: string): RollEntry => ({
  registration_id,
  number: String(registration_id).padStart(6, '0'),
  student: { id: registration_id + 100, name, has_photo: false },
  absences: 0,
  justified: false,
  reason: null,
});
const ROLL = [entry(11, 'Ana Beatriz'), entry(12, 'Bruno Araújo'), entry(13, 'Carla Dias')];
const LESSON = {
  id: 7,
  team_id: 5,
  discipline_id: 8,
  stage_id: 42,
  date: '2026-03-10',
  periods: 2,
  content: 'Frações',
  created_by: 3,
};

type Mode = 'ok' | 'network' | 'refuse';
let mode: Mode;
let sent: { method: string; url: string; body: unknown }[];
/** While set, the server's roll call waits for it (a slow phone network). */
let rollAnswered: Promise<void> | null;

function stubApi() {
  mode = 'ok';
  sent = [];
  rollAnswered = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    let answer: { status: number; body: unknown } = { status: 404, body: { message: 'Rota não encontrada.' } };
    if (method !== 'GET') {
      if (mode === 'network') throw new TypeError('Failed to fetch');
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
      if (mode === 'refuse')
        answer = {
          status: 422,
          body: {
            message: 'As faltas devem ser um número inteiro de 0 a 2.',
            errors: { 'attendance.1.absences': ['As faltas devem ser um número inteiro de 0 a 2.'] },
          },
        };
      else if (method === 'POST')
        answer = { status: 201, body: { data: LESSON, message: 'Aula registrada com sucesso!' } };
      else answer = { status: 200, body: { message: 'Chamada salva com sucesso!' } };
    } else if (url.startsWith('/api/teams?'))
      answer = {
        status: 200,
        body: { data: [{ id: 5, name: 'Turma A', start_date: '2000-01-01', end_date: '2999-12-31' }], total: 1 },
      };
    else if (url === '/api/teams/5/disciplines') answer = { status: 200, body: [{ id: 8, discipline: 'Matemática' }] };
    else if (url === '/api/grids/5/get-full-grid') {
      const slot = (stage: number) => ({
        stage_id: 40 + stage,
        stage,
        discipline_id: 8,
        discipline_name: 'Matemática',
      });
      answer = { status: 200, body: { list: { Matemática: [slot(1), slot(2)] }, stagesNumbers: [1, 2] } };
    } else if (url.startsWith('/api/teams/5/lessons')) answer = { status: 200, body: { data: [LESSON] } };
    else if (url === '/api/lessons/7/attendance') {
      await rollAnswered;
      answer = { status: 200, body: { lesson: LESSON, attendance: ROLL } };
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

beforeEach(stubApi);
afterEach(() => vi.unstubAllGlobals());

/** The screen as the layout mounts it: with the outbox's sender. */
function Screen() {
  useOutboxSender();
  return <LessonsPage />;
}
const open = (path: string) =>
  render(
    <AdminStory path={path} route="/admin/minhas-aulas/*" resource="minhas-aulas" dataProvider={dataProvider}>
      <Screen />
    </AdminStory>,
  );
const student = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name.toLocaleUpperCase('pt-BR')}`) });
/** "Nova aula" once the classes are loaded (disabled until then), as a teacher taps it. */
async function newLessonButton() {
  const button = (await screen.findByRole('button', { name: 'Nova aula' }, { timeout: 5000 })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false), { timeout: 5000 });
  return button;
}
const outbox = () => JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]') as { attendance: RollEntry[] }[];

function Stateful({ periods }: { periods: number }) {
  const [entries, setEntries] = useState(ROLL);
  return (
    <RollCall
      periods={periods}
      entries={entries}
      onEntries={setEntries}
      content="Frações"
      onContent={() => undefined}
      onSave={() => undefined}
      state="changed"
    />
  );
}

describe('roll call', () => {
  it('starts with everyone present; a tap marks an absence of every period, a second tap takes it back', () => {
    render(<Stateful periods={1} />);
    expect(screen.getByText('Todos presentes · 3 presentes')).toBeTruthy();
    fireEvent.click(student('Bruno Araújo'));
    expect(student('Bruno Araújo').getAttribute('aria-pressed')).toBe('true');
    expect(within(student('Bruno Araújo')).getByText('Falta')).toBeTruthy();
    expect(screen.getByText('1 falta · 2 presentes')).toBeTruthy();
    fireEvent.click(student('Bruno Araújo'));
    expect(within(student('Bruno Araújo')).getByText('Presente')).toBeTruthy();
    expect(screen.getByText('Todos presentes · 3 presentes')).toBeTruthy();
  });

  it('sets how many periods were missed in a lesson of several, and a justified absence with its reason', () => {
    render(<Stateful periods={3} />);
    fireEvent.click(student('Ana Beatriz'));
    expect(within(student('Ana Beatriz')).getByText('3 faltas')).toBeTruthy();
    expect(screen.getByText('3 de 3 aulas')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Uma falta a mais para ANA BEATRIZ' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Uma falta a menos para ANA BEATRIZ' }));
    fireEvent.click(screen.getByRole('button', { name: 'Uma falta a menos para ANA BEATRIZ' }));
    expect(within(student('Ana Beatriz')).getByText('1 falta')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Falta justificada de ANA BEATRIZ' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Motivo da falta de ANA BEATRIZ' }), {
      target: { value: 'Atestado médico' },
    });
    expect(screen.getByDisplayValue('Atestado médico')).toBeTruthy();
    // No period left missed: present again, the justification gone.
    fireEvent.click(screen.getByRole('button', { name: 'Uma falta a menos para ANA BEATRIZ' }));
    expect(within(student('Ana Beatriz')).getByText('Presente')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Falta justificada de ANA BEATRIZ' })).toBeNull();
  });
});

describe('the roll call screen and its outbox', () => {
  it('keeps a roll call the network lost, shows it unsent, and sends it when the browser is back online', async () => {
    open('/admin/minhas-aulas/7');
    await screen.findByText('MATEMÁTICA · TURMA A', {}, { timeout: 5000 });
    fireEvent.click(student('Bruno Araújo'));
    mode = 'network';
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não enviado: será enviado quando a conexão voltar')).toBeTruthy();
    expect(screen.getByText(/1 aula não enviada/)).toBeTruthy();
    expect(outbox()).toHaveLength(1);
    expect(outbox()[0].attendance.map((e) => e.absences)).toEqual([0, 2, 0]);
    expect(sent).toEqual([]);

    mode = 'ok';
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/lessons/7/attendance',
      body: {
        attendance: [
          { registration_id: 11, absences: 0, justified: false, reason: null },
          { registration_id: 12, absences: 2, justified: false, reason: null },
          { registration_id: 13, absences: 0, justified: false, reason: null },
        ],
      },
    });
    expect(await screen.findByText('Chamada salva')).toBeTruthy();
    expect(outbox()).toEqual([]);
    expect(screen.queryByText(/não enviada/)).toBeNull();
  });

  it('shows the roll call as this phone last loaded it at once, then as the server answers', async () => {
    // Last time: Ana Beatriz and Bruno Araújo only, Bruno marked absent of both periods.
    rememberLessonRoll(7, { lesson: LESSON, attendance: [ROLL[0], { ...ROLL[1], absences: 2 }] });
    let answer = () => undefined as void;
    rollAnswered = new Promise((resolve) => (answer = resolve));
    open('/admin/minhas-aulas/7');
    expect(await screen.findByText('MATEMÁTICA · TURMA A', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(student('Bruno Araújo')).getByText('2 faltas')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^CARLA DIAS/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(false);

    act(() => answer());
    // Nothing touched yet: the server's roll call takes its place (Carla enrolled since, Bruno's absence undone).
    expect(await screen.findByRole('button', { name: /^CARLA DIAS/ })).toBeTruthy();
    expect(within(student('Bruno Araújo')).getByText('Presente')).toBeTruthy();
  });

  it('shows a refusal under the student and does not send it again by itself', async () => {
    open('/admin/minhas-aulas/7');
    await screen.findByText('MATEMÁTICA · TURMA A', {}, { timeout: 5000 });
    fireEvent.click(student('Bruno Araújo'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Conteúdo ministrado' }), { target: { value: 'Decimais' } });
    mode = 'refuse';
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const message = await screen.findByText('As faltas devem ser um número inteiro de 0 a 2.');
    expect(student('Bruno Araújo').getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByText(/1 aula não foi aceita/)).toBeTruthy();
    // The changed content went first (PUT /lessons/7), then the refused roll call… or the lesson itself was refused.
    const attempts = sent.length;
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(attempts);
    expect(outbox()).toHaveLength(1);
  });

  it('creates a lesson in two taps: the one class chosen, today in São Paulo, the stage of the latest lesson', async () => {
    open('/admin/minhas-aulas');
    fireEvent.click(await newLessonButton());
    const dialog = await screen.findByRole('dialog', { name: 'Nova aula' });
    expect(within(dialog).getByText('TURMA A')).toBeTruthy();
    expect(within(dialog).getByText('MATEMÁTICA')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Data/) as HTMLInputElement).value).toBe(schoolDayOf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar e fazer a chamada' }));
    expect(await within(dialog).findByText('Informe o conteúdo ministrado.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Conteúdo ministrado/ }), {
      target: { value: 'Porcentagem' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar e fazer a chamada' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/lessons',
      body: { team_id: 5, discipline_id: 8, stage_id: 42, date: schoolDayOf(), periods: 1, content: 'Porcentagem' },
    });
    expect(await screen.findByRole('button', { name: /^ANA BEATRIZ/ })).toBeTruthy();
  });

  it('creates a lesson without network: its roll call is marked on the last known roll and both leave on online', async () => {
    rememberRoll(5, ROLL);
    open('/admin/minhas-aulas');
    fireEvent.click(await newLessonButton());
    const dialog = await screen.findByRole('dialog', { name: 'Nova aula' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Conteúdo ministrado/ }), {
      target: { value: 'Porcentagem' },
    });
    mode = 'network';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar e fazer a chamada' }));
    fireEvent.click(await screen.findByRole('button', { name: /^CARLA DIAS/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não enviado: será enviado quando a conexão voltar')).toBeTruthy();
    expect(sent).toEqual([]);

    mode = 'ok';
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/lessons', 'PUT /api/lessons/7/attendance']);
    expect((sent[1].body as { attendance: { absences: number }[] }).attendance.map((a) => a.absences)).toEqual([
      0, 0, 1,
    ]);
    expect(outbox()).toEqual([]);
    // The screen follows the lesson to its id on the server.
    expect(await screen.findByText('Chamada salva')).toBeTruthy();
  });

  it('corrects the lesson (fewer periods cap the absences) and sends it with the roll call; removes it on a second tap', async () => {
    open('/admin/minhas-aulas/7');
    await screen.findByText('MATEMÁTICA · TURMA A', {}, { timeout: 5000 });
    fireEvent.click(student('Bruno Araújo'));
    expect(within(student('Bruno Araújo')).getByText('2 faltas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar aula' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar aula' });
    fireEvent.click(within(dialog).getByRole('button', { name: '1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/· 1 aula$/)).toBeTruthy();
    expect(within(student('Bruno Araújo')).getByText('Falta')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/lessons/7',
      body: { team_id: 5, discipline_id: 8, stage_id: 42, date: '2026-03-10', periods: 1, content: 'Frações' },
    });
    expect((sent[1].body as { attendance: { absences: number }[] }).attendance.map((a) => a.absences)).toEqual([
      0, 1, 0,
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Editar aula' }));
    const again = await screen.findByRole('dialog', { name: 'Editar aula' });
    fireEvent.click(within(again).getByRole('button', { name: 'Excluir aula' }));
    expect(sent).toHaveLength(2);
    await act(async () => void fireEvent.click(within(again).getByRole('button', { name: 'Confirmar exclusão' })));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({ method: 'DELETE', url: '/api/lessons/7', body: null });
    expect(await screen.findByRole('button', { name: 'Nova aula' }, { timeout: 5000 })).toBeTruthy();
  });
});
