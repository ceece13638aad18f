import { expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

type Day = { date: string; kind: string; description: string };
type Calendar = {
  stages: { stage_id: number; start_date: string; end_date: string }[];
  days: Day[];
  school_days: number;
};

describeOnDatabases('the school calendar (issue 38)', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = (method: string, route: string, body?: unknown) => fresh.call(method, route, body);

  async function yearId(year: number): Promise<number> {
    const years = (await call('GET', '/api/school-years')).body.data as { id: number; year: number }[];
    return years.find((y) => y.year === year)!.id;
  }
  async function stageIds(): Promise<Record<number, number>> {
    const stages = (await call('GET', '/api/stages')).body.data as { id: number; stage: number }[];
    return Object.fromEntries(stages.map((s) => [s.stage, s.id]));
  }

  it("fills a year's national holidays on the first read, computed, and counts its school days", async () => {
    const id = await yearId(2027);
    const first = await call('GET', `/api/school-years/${id}/calendar`);
    expect(first.status).toBe(200);
    const calendar = first.body as Calendar;
    const on = (date: string) => calendar.days.find((d) => d.date === date);
    expect(on('2027-02-08')).toEqual({ date: '2027-02-08', kind: 'recesso', description: 'Carnaval' });
    expect(on('2027-02-09')).toEqual({ date: '2027-02-09', kind: 'recesso', description: 'Carnaval' });
    expect(on('2027-03-26')).toEqual({ date: '2027-03-26', kind: 'feriado', description: 'Sexta-feira Santa' });
    expect(on('2027-04-21')).toEqual({ date: '2027-04-21', kind: 'feriado', description: 'Tiradentes' });
    expect(on('2027-05-27')).toEqual({ date: '2027-05-27', kind: 'recesso', description: 'Corpus Christi' });
    expect(calendar.days).toHaveLength(13);
    expect(calendar.stages).toEqual([]);
    // 1 February to 17 December 2027: 230 weekdays, 9 of them off.
    expect(calendar.school_days).toBe(221);
    // Read again (or twice at once): the same days, never twice.
    const again = await Promise.all([1, 2, 3].map(() => call('GET', `/api/school-years/${id}/calendar`)));
    for (const a of again) expect(a.body.days).toHaveLength(13);
  });

  it('computes 2026 and 2028 too, each from its own Easter', async () => {
    const created = await call('POST', '/api/school-years', {
      year: 2028,
      start_date: '2028-02-07',
      end_date: '2028-12-15',
    });
    expect(created.status).toBe(201);
    const of = async (id: number) => (await call('GET', `/api/school-years/${id}/calendar`)).body as Calendar;
    const y2028 = await of(created.body.data.id);
    const dates = (kind: string, description: string) =>
      y2028.days.filter((d) => d.kind === kind && d.description === description).map((d) => d.date);
    expect(dates('recesso', 'Carnaval')).toEqual(['2028-02-28', '2028-02-29']);
    expect(dates('feriado', 'Sexta-feira Santa')).toEqual(['2028-04-14']);
    expect(dates('recesso', 'Corpus Christi')).toEqual(['2028-06-15']);
    const y2026 = await of(await yearId(2026));
    expect(y2026.days.filter((d) => d.description === 'Carnaval').map((d) => d.date)).toEqual([
      '2026-02-16',
      '2026-02-17',
    ]);
    expect(y2026.days.find((d) => d.description === 'Sexta-feira Santa')?.date).toBe('2026-04-03');
    expect(y2026.days.find((d) => d.description === 'Corpus Christi')?.date).toBe('2026-06-04');
  });

  it('saves stages and days, replacing them; a removed holiday stays removed; the count follows', async () => {
    const id = await yearId(2027);
    const stage = await stageIds();
    const calendar = (await call('GET', `/api/school-years/${id}/calendar`)).body as Calendar;
    const days = [
      ...calendar.days.filter((d) => d.description !== 'Corpus Christi'),
      { date: '2027-08-15', kind: 'feriado', description: 'Adesão do Pará' }, // a Sunday: no school day lost
      { date: '2027-10-15', kind: 'recesso', description: 'Dia do Professor' }, // a Friday
      { date: '2027-03-13', kind: 'letivo', description: '' },
      { date: '2027-06-11', kind: 'evento', description: 'Festa junina' },
    ];
    const stages = [
      { stage_id: stage[1], start_date: '2027-02-01', end_date: '2027-04-16' },
      { stage_id: stage[2], start_date: '2027-04-19', end_date: '2027-07-02' },
      { stage_id: stage[3], start_date: '2027-08-02', end_date: '2027-10-01' },
      { stage_id: stage[4], start_date: '01/10/2027', end_date: '17/12/2027' },
    ];
    const overlapping = await call('PUT', `/api/school-years/${id}/calendar`, { stages, days });
    expect(overlapping.status).toBe(422);
    expect(overlapping.body.errors).toEqual({
      'stages.3.start_date': ['As etapas não podem se sobrepor: 01/10/2027 já está em outra etapa.'],
    });
    stages[3].start_date = '04/10/2027';
    const saved = await call('PUT', `/api/school-years/${id}/calendar`, { stages, days });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Calendário salvo com sucesso!');
    // 221, plus Corpus Christi given back and the school Saturday, less the teachers' day.
    expect(saved.body.school_days).toBe(222);
    expect(saved.body.stages.map((s: { start_date: string }) => s.start_date)).toEqual([
      '2027-02-01',
      '2027-04-19',
      '2027-08-02',
      '2027-10-04',
    ]);
    const read = (await call('GET', `/api/school-years/${id}/calendar`)).body as Calendar;
    expect(read.days.find((d) => d.description === 'Corpus Christi')).toBeUndefined();
    expect(read.days.find((d) => d.date === '2027-08-15')).toEqual({
      date: '2027-08-15',
      kind: 'feriado',
      description: 'Adesão do Pará',
    });
    expect(read.school_days).toBe(222);
    // A stage with dates in a calendar is not deleted.
    expect((await call('DELETE', `/api/stages/${stage[4]}`)).status).toBe(409);
  });

  it('answers 422 in Portuguese for a bad calendar, naming the row', async () => {
    const id = await yearId(2027);
    const stage = await stageIds();
    const put = (body: unknown) => call('PUT', `/api/school-years/${id}/calendar`, body);
    expect((await put({})).body.errors).toEqual({
      stages: ['Envie as etapas do ano (uma lista, vazia se ainda não há datas).'],
      days: ['Envie os dias do calendário (uma lista).'],
    });
    const bad = await put({
      stages: [
        { stage_id: 999, start_date: '2027-02-01', end_date: '2027-03-01' },
        { stage_id: stage[1], start_date: '2026-12-01', end_date: '2027-03-01' },
        { stage_id: stage[2], start_date: '2027-05-01', end_date: '2027-04-01' },
      ],
      days: [
        { date: '2028-03-01', kind: 'feriado', description: 'Fora' },
        { date: '2027-03-01', kind: 'folga', description: 'Folga' },
        { date: '2027-03-03', kind: 'letivo', description: '' },
        { date: '2027-03-04', kind: 'feriado', description: '' },
        { date: '31/02/2027', kind: 'evento', description: 'Nunca' },
        { date: '2027-03-05', kind: 'evento', description: 'Feira' },
        { date: '2027-03-05', kind: 'evento', description: 'Feira de novo' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'stages.0.stage_id': ['Selecione uma etapa cadastrada.'],
      'stages.1.start_date': ['A etapa deve ficar dentro do ano letivo (01/02/2027 a 17/12/2027).'],
      'stages.2.end_date': ['O término da etapa não pode ser antes do início.'],
      'days.0.date': ['01/03/2028 está fora do ano letivo de 2027.'],
      'days.1.kind': ['Escolha o tipo do dia: feriado, recesso, letivo ou evento.'],
      'days.2.kind': ['03/03/2027 não é sábado: só um sábado pode ser marcado como letivo.'],
      'days.3.description': ['Descreva o dia (por exemplo, o nome do feriado).'],
      'days.4.date': ['Informe a data do dia (dd/mm/aaaa).'],
      'days.6.date': ['05/03/2027 aparece duas vezes.'],
    });
    expect((await put([1, 2])).status).toBe(422);
    expect((await put({ stages: 'x', days: null })).status).toBe(422);
    expect((await call('GET', '/api/school-years/99999/calendar')).status).toBe(404);
    expect((await call('PUT', '/api/school-years/99999/calendar', { stages: [], days: [] })).status).toBe(404);
  });

  describe2026Lessons();

  function describe2026Lessons() {
    /** Enfermagem 2026.1 (team 3): its grid has every stage; 2026's lessons are in the past. */
    async function lessonBase() {
      const disciplines = (await call('GET', '/api/teams/3/disciplines')).body as { id: number }[];
      return { team_id: 3, discipline_id: disciplines[0].id, periods: 2, content: 'Sinais vitais' };
    }
    async function saveCalendar2026() {
      const id = await yearId(2026);
      const stage = await stageIds();
      const calendar = (await call('GET', `/api/school-years/${id}/calendar`)).body as Calendar;
      const saved = await call('PUT', `/api/school-years/${id}/calendar`, {
        stages: [
          { stage_id: stage[1], start_date: '2026-02-02', end_date: '2026-04-30' },
          { stage_id: stage[2], start_date: '2026-05-04', end_date: '2026-07-10' },
          { stage_id: stage[3], start_date: '2026-08-03', end_date: '2026-10-09' },
          { stage_id: stage[4], start_date: '2026-10-13', end_date: '2026-12-18' },
        ],
        days: [
          ...calendar.days,
          { date: '2026-10-16', kind: 'recesso', description: 'Dia do Professor' },
          { date: '2026-10-17', kind: 'letivo', description: 'Reposição' },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return stage;
    }

    it('refuses a lesson on a day off, on a weekend that is not a school Saturday, or outside the year', async () => {
      const base = await lessonBase();
      const stage = await stageIds();
      const post = (date: string, extra: object = {}) =>
        call('POST', '/api/lessons', { ...base, stage_id: stage[4], date, ...extra });
      // Before the office saves the year's calendar, lessons are as the original API took them.
      const before = await post('2026-11-21');
      expect(before.status, JSON.stringify(before.body)).toBe(201);

      await saveCalendar2026();
      const refused = async (date: string, message: string) => {
        const answer = await post(date);
        expect(answer.status, date).toBe(422);
        expect(answer.body.errors, date).toEqual({ date: [message] });
        expect(answer.body.message).toBe(message);
      };
      await refused('2026-10-16', '16/10/2026 é recesso: Dia do Professor.');
      await refused('2026-11-20', '20/11/2026 é feriado: Dia Nacional de Zumbi e da Consciência Negra.');
      await refused('2026-11-21', '21/11/2026 é sábado e não é dia letivo.');
      await refused('2026-11-22', '22/11/2026 é domingo e não é dia letivo.');
      await refused('2026-01-15', '15/01/2026 está fora do ano letivo de 2026 (02/02/2026 a 18/12/2026).');
      // A school Saturday and a plain weekday are lesson days.
      expect((await post('2026-10-17')).status).toBe(201);
      const weekday = await post('2026-11-19');
      expect(weekday.status).toBe(201);

      // Editing a lesson onto a day off is refused the same way.
      const moved = await call('PUT', `/api/lessons/${weekday.body.data.id}`, {
        ...base,
        stage_id: stage[4],
        date: '2026-11-02',
      });
      expect(moved.status).toBe(422);
      expect(moved.body.errors).toEqual({ date: ['02/11/2026 é feriado: Finados.'] });
    });

    it('gives a lesson the stage whose dates contain it, and refuses another one', async () => {
      const base = await lessonBase();
      const stage = await saveCalendar2026();
      const filled = await call('POST', '/api/lessons', { ...base, date: '2026-09-15' });
      expect(filled.status, JSON.stringify(filled.body)).toBe(201);
      expect(filled.body.data.stage_id).toBe(stage[3]);
      const wrong = await call('POST', '/api/lessons', { ...base, stage_id: stage[1], date: '2026-09-15' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ stage_id: ['15/09/2026 é da 3ª etapa (03/08/2026 a 09/10/2026).'] });
      // In the July break, no stage contains the day: it must be given.
      const recess = await call('POST', '/api/lessons', { ...base, date: '2026-07-21' });
      expect(recess.body.errors).toEqual({
        stage_id: ['Escolha a etapa: 21/07/2026 não está em nenhuma etapa do calendário.'],
      });
      expect((await call('POST', '/api/lessons', { ...base, stage_id: stage[2], date: '2026-07-21' })).status).toBe(
        201,
      );
    });

    it("keeps the original client's lessons working while the year has no calendar", async () => {
      const base = await lessonBase();
      const stage = await stageIds();
      const withStage = await call('POST', '/api/lessons', { ...base, stage_id: stage[2], date: '2026-11-22' });
      expect(withStage.status).toBe(201);
      const without = await call('POST', '/api/lessons', { ...base, date: '2026-11-19' });
      expect(without.status).toBe(422);
      expect(without.body.errors).toEqual({ stage_id: ['Escolha a etapa.'] });
    });
  }
});

describeOnDatabases('the LDB line of a team (issue 38)', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = (method: string, route: string, body?: unknown) => fresh.call(method, route, body);

  it("answers each discipline's planned and given hours, and the year's school days against the minimums", async () => {
    const disciplines = (await call('GET', '/api/teams/3/disciplines')).body as { id: number; discipline: string }[];
    const first = disciplines[0];
    for (const date of ['2026-11-16', '2026-11-17'])
      expect(
        (
          await call('POST', '/api/lessons', {
            team_id: 3,
            discipline_id: first.id,
            stage_id: (await call('GET', '/api/stages')).body.data[0].id,
            date,
            periods: 3,
            content: 'Sinais vitais',
          })
        ).status,
      ).toBe(201);
    const answer = await call('GET', '/api/teams/3/workload');
    expect(answer.status).toBe(200);
    // Enfermagem's grid: three disciplines, 40 hours in each of four stages.
    expect(answer.body.disciplines).toHaveLength(3);
    expect(answer.body.disciplines.find((d: { discipline_id: number }) => d.discipline_id === first.id)).toEqual({
      discipline_id: first.id,
      name: first.discipline,
      planned_hours: 160,
      given_hours: 6,
    });
    expect(answer.body).toMatchObject({
      minimums: { days: 200, hours: 800 },
      planned_hours: 480,
      given_hours: 6,
      school_year: { year: 2026 },
      meets: { hours: false },
    });
    // 2 February to 18 December 2026: 230 weekdays, 10 of them holidays or recesses.
    expect(answer.body.school_year.school_days).toBe(220);
    expect(answer.body.meets.days).toBe(true);
    expect((await call('GET', '/api/teams/99999/workload')).status).toBe(404);

    // A course with its own rule (a technical course: 400 hours, 100 days) is measured against it.
    const grid = (await call('GET', '/api/teams/3')).body[0].grid_id;
    const course = (await call('GET', `/api/grids/${grid}`)).body[0].course_id;
    const set = await call('PUT', `/api/courses/${course}`, { minimum_days: 100, minimum_hours: 400 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const own = (await call('GET', '/api/teams/3/workload')).body;
    expect(own).toMatchObject({ minimums: { days: 100, hours: 400 }, meets: { days: true, hours: true } });
    const bad = await call('PUT', `/api/courses/${course}`, { minimum_days: 400 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['minimum_days']);
    expect((await call('PUT', `/api/courses/${course}`, { minimum_days: null, minimum_hours: null })).status).toBe(200);
    expect((await call('GET', '/api/teams/3/workload')).body.minimums).toEqual({ days: 200, hours: 800 });
  });
});
