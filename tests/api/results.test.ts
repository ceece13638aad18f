import { beforeAll, expect, it } from 'vitest';
import { historyVerdict } from '../../resources/history';
import { slotsOf, type Slot } from '../support/full-grid';
import { pdfText } from '../support/pdf-text';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { download, readWorkbook, sheetRows } from './support/reports';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * Results at the end of the year (issue 38), through the API: every verdict of a discipline and the student's
 * overall one, a make-up raising a grade, a council decision, the 422s, who may do what, and the documents that
 * print the same verdicts. Passing average 6,0; the final make-up counts up to it (`capped`).
 */
// One class's end of year told in order (rules, verdicts, make-up, council, the documents): not shuffled.
describeOnDatabases(
  'results at the end of the year',
  (dialect) => {
    const shared = serverPerFile(dialect);
    const call = shared.call;
    let grid: Slot[];
    let math: Slot;
    let diary: Awaited<ReturnType<typeof diaryOf>>;
    const reg: Record<string, number> = {};
    const studentId: Record<string, number> = {};

    const RULES = {
      average_mode: 'arithmetic',
      stage_weights: {},
      makeup_rule: 'capped',
      failures_allowed: 0,
      dependencia_allowed: false,
    };

    async function setRules(rules: Record<string, unknown>) {
      const settings = (await call('GET', '/api/school-settings')).body.data;
      const saved = await call('PUT', '/api/school-settings', { ...settings, average_grade: '6,0', results: rules });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return saved.body.data;
    }

    /** Every stage of every discipline of team 1's grid at 8,0, Matemática's stages at `mathGrades` (one per stage). */
    async function grade(name: string, mathGrades: (string | null)[]) {
      const grades = [];
      for (const slot of grid)
        for (const [i, stage] of slot.stages.entries()) {
          const g = slot === math ? mathGrades[i] : '8,0';
          if (g !== null && g !== undefined)
            grades.push({
              student_id: studentId[name],
              team_id: 1,
              discipline_id: slot.discipline.id,
              stage_id: stage.id,
              grade: g,
            });
        }
      const saved = await call('POST', '/api/grades', { grades });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }

    async function resultOf(name: string) {
      const { status, body } = await call('GET', '/api/teams/1/results');
      expect(status, JSON.stringify(body)).toBe(200);
      const row = body.data.find((r: { registration_id: number }) => r.registration_id === reg[name]);
      const discipline = (n: string) => row.disciplines.find((d: { name: string }) => d.name === n);
      return { row, math: discipline('Matemática'), body };
    }

    const put = (name: string, body: unknown) => call('PUT', `/api/teams/1/results/${reg[name]}`, body);

    beforeAll(async () => {
      grid = slotsOf((await call('GET', '/api/grids/1/get-full-grid')).body);
      math = grid.find((d) => d.discipline.name === 'Matemática')!;
      diary = await diaryOf(shared);
      await setRules(RULES);
      for (const name of ['Ana Aprovada', 'Bruno Recuperação', 'Carla Conselho', 'Davi Faltoso', 'Eva Em Curso']) {
        reg[name] = await diary.enrol(name, daysAgo(60));
        const found = (await call('GET', '/api/teams/1/students')).body.registrations.find(
          (r: { id: number }) => r.id === reg[name],
        );
        studentId[name] = Number(found.student.id);
      }
      const all = (g: string) => math.stages.map(() => g);
      await grade('Ana Aprovada', all('8,0'));
      await grade('Bruno Recuperação', all('5,0'));
      await grade('Carla Conselho', all('4,0'));
      await grade('Davi Faltoso', all('8,0'));
      await grade('Eva Em Curso', [...all('8,0').slice(0, -1), null]);
      // Davi misses 4 of 4 periods of Matemática: 0 % (the others have no lesson recorded: judged on grades alone).
      const lesson = await diary.lesson({ date: daysAgo(3), periods: 4 });
      const marked = await call('PUT', `/api/lessons/${lesson}/attendance`, {
        attendance: [{ registration_id: reg['Davi Faltoso'], absences: 4 }],
      });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    });

    it('keeps the rules in the school settings, and refuses bad ones in Portuguese', async () => {
      const settings = (await call('GET', '/api/school-settings')).body.data;
      expect(settings.results).toEqual(RULES);
      const bad = await call('PUT', '/api/school-settings', {
        ...settings,
        results: { ...RULES, average_mode: 'geometric', failures_allowed: -1, stage_weights: { 1: 0 } },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors['results.average_mode']).toEqual([
        'Escolha a média anual: aritmética ou ponderada por etapa.',
      ]);
      expect(bad.body.errors['results.failures_allowed'][0]).toMatch(/de 0 a 20/);
      expect(bad.body.errors['results.stage_weights'][0]).toMatch(/peso de cada etapa/);
    });

    it('judges every discipline and the student: APROVADO, EM RECUPERAÇÃO, REPROVADO POR FALTA, EM CURSO', async () => {
      const ana = await resultOf('Ana Aprovada');
      expect(ana.row.student.name).toBe('Ana Aprovada');
      expect(ana.math).toMatchObject({ average: 8, makeup: null, final: 8, verdict: 'APROVADO', makeup_needed: false });
      expect(ana.math.grades.filter((g: number | null) => g !== null)).toEqual(math.stages.map(() => 8));
      expect(ana.row.verdict).toBe('APROVADO');
      const bruno = await resultOf('Bruno Recuperação');
      expect(bruno.math).toMatchObject({
        average: 5,
        makeup: null,
        final: 5,
        verdict: 'EM RECUPERAÇÃO',
        makeup_needed: true,
      });
      expect(bruno.row.verdict).toBe('EM RECUPERAÇÃO');
      const davi = await resultOf('Davi Faltoso');
      expect(davi.math).toMatchObject({ frequency: 0, verdict: 'REPROVADO POR FALTA', makeup_needed: false });
      expect(davi.row.verdict).toBe('REPROVADO POR FALTA');
      const eva = await resultOf('Eva Em Curso');
      expect(eva.math.verdict).toBe('EM CURSO');
      expect(eva.row.verdict).toBe('EM CURSO');
      expect(bruno.body).toMatchObject({ closed: false, closed_at: null, passing: 60, makeup_rule: 'capped' });
    });

    it('raises a grade with the make-up, up to the passing average: APROVADO APÓS RECUPERAÇÃO', async () => {
      const saved = await put('Bruno Recuperação', { makeup: [{ discipline_id: math.discipline.id, grade: '7,5' }] });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe('Resultado salvo com sucesso!');
      const bruno = await resultOf('Bruno Recuperação');
      expect(bruno.math).toMatchObject({ average: 5, makeup: 7.5, final: 6, verdict: 'APROVADO APÓS RECUPERAÇÃO' });
      expect(bruno.row.verdict).toBe('APROVADO');
      // Two saves of the same cell at once: both answered, one make-up kept.
      const twice = await Promise.all(
        ['7,5', '7,5'].map((grade) =>
          put('Bruno Recuperação', { makeup: [{ discipline_id: math.discipline.id, grade }] }),
        ),
      );
      expect(twice.map((r) => r.status)).toEqual([200, 200]);
      const kept = await shared.server.db.kysely
        .selectFrom('makeup_grades' as never)
        .selectAll()
        .where('registration_id' as never, '=', reg['Bruno Recuperação'] as never)
        .execute();
      expect(kept).toHaveLength(1);
      // Up to the make-up grade itself, where the school says so.
      await setRules({ ...RULES, makeup_rule: 'grade' });
      expect((await resultOf('Bruno Recuperação')).math.final).toBe(7.5);
      await setRules(RULES);
    });

    it('records the class council: a make-up under the average fails, the council approves with who and why', async () => {
      await put('Carla Conselho', { makeup: [{ discipline_id: math.discipline.id, grade: 5 }] });
      let carla = await resultOf('Carla Conselho');
      expect(carla.math).toMatchObject({ average: 4, makeup: 5, final: 5, verdict: 'REPROVADO' });
      expect(carla.row.verdict).toBe('REPROVADO');

      // Where the school promotes with one failure in dependência, she is promoted with Matemática to carry.
      await setRules({ ...RULES, failures_allowed: 1, dependencia_allowed: true });
      carla = await resultOf('Carla Conselho');
      expect(carla.row).toMatchObject({ verdict: 'APROVADO', dependencias: ['Matemática'] });
      await setRules(RULES);
      const doubt = await download(
        shared,
        `/api/exports/certificate-of-completion/${studentId['Carla Conselho']}/team/1`,
      );
      expect(doubt.content.toString()).toMatch(/abaixo da média em Matemática/);

      const reason = 'Evolução ao longo do ano e participação nas aulas de reforço.';
      const saved = await put('Carla Conselho', {
        council: [{ discipline_id: math.discipline.id, decision: 'aprovado', reason }],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      carla = await resultOf('Carla Conselho');
      expect(carla.math.verdict).toBe('APROVADO PELO CONSELHO');
      expect(carla.math.council).toMatchObject({
        decision: 'aprovado',
        reason,
        decided_by: { name: expect.any(String) },
      });
      expect(carla.row).toMatchObject({ verdict: 'APROVADO', dependencias: [] });
    });

    it('refuses in Portuguese: no make-up open, a grade out of range, a council without a reason or over attendance', async () => {
      const d = math.discipline.id;
      const none = await put('Ana Aprovada', { makeup: [{ discipline_id: d, grade: '7,0' }] });
      expect(none.status).toBe(422);
      expect(none.body.errors['makeup.0.grade']).toEqual([
        'Matemática: não há recuperação aberta para este aluno (APROVADO).',
      ]);
      const range = await put('Bruno Recuperação', { makeup: [{ discipline_id: d, grade: '11' }] });
      expect(range.status).toBe(422);
      expect(range.body.errors['makeup.0.grade'][0]).toMatch(/10,0/);
      const reasonless = await put('Carla Conselho', {
        council: [{ discipline_id: d, decision: 'aprovado', reason: '' }],
      });
      expect(reasonless.status).toBe(422);
      expect(reasonless.body.errors['council.0.reason']).toEqual([
        'Informe o motivo da decisão do conselho (de 5 a 1000 caracteres).',
      ]);
      const absent = await put('Davi Faltoso', {
        council: [{ discipline_id: d, decision: 'aprovado', reason: 'Bom aluno.' }],
      });
      expect(absent.status).toBe(422);
      expect(absent.body.message).toMatch(/LDB, art\. 24, VI/);
      const approved = await put('Ana Aprovada', {
        council: [{ discipline_id: d, decision: 'aprovado', reason: 'Sem motivo real.' }],
      });
      expect(approved.body.errors['council.0.decision']).toEqual([
        'Matemática: o aluno não está reprovado (APROVADO).',
      ]);
      expect((await put('Ana Aprovada', {})).status).toBe(422);
      expect((await put('Ana Aprovada', { makeup: 'x' })).body.errors.makeup).toEqual(['Envie uma lista.']);
      const elsewhere = await put('Ana Aprovada', { makeup: [{ discipline_id: 999_999, grade: 7 }] });
      expect(elsewhere.body.errors['makeup.0.discipline_id']).toEqual([
        'Esta disciplina não faz parte da grade da turma.',
      ]);
      expect((await call('PUT', '/api/teams/1/results/999999', { makeup: [] })).status).toBe(404);
      expect((await call('GET', '/api/teams/999999/results')).status).toBe(404);

      await setRules({ ...RULES, makeup_rule: 'none' });
      const noMakeup = await put('Bruno Recuperação', { makeup: [{ discipline_id: d, grade: '7,0' }] });
      expect(noMakeup.body.errors['makeup.0.grade'][0]).toMatch(/não tem recuperação final/);
      // Without a final make-up, under the average fails at once (the verdicts before issue 38).
      expect((await resultOf('Eva Em Curso')).math.verdict).toBe('EM CURSO');
      await setRules(RULES);
    });

    it('lets a teacher enter make-ups in her discipline only, and the council only to whoever holds results.manage', async () => {
      const paula = await diary.mathTeacher();
      const d = math.discipline.id;
      const own = await paula.as('PUT', `/api/teams/1/results/${reg['Bruno Recuperação']}`, {
        makeup: [{ discipline_id: d, grade: '6,5' }],
      });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      const council = await paula.as('PUT', `/api/teams/1/results/${reg['Carla Conselho']}`, {
        council: [{ discipline_id: d, decision: 'aprovado', reason: 'Decisão da professora.' }],
      });
      expect(council.status).toBe(403);
      expect(council.body.message).toBe(
        'Você não tem permissão para registrar as decisões do conselho de classe e encerrar turmas.',
      );
      expect((await paula.as('GET', '/api/teams/1/results')).status).toBe(200);
      expect((await paula.as('GET', '/api/teams/2/results')).status).toBe(404);

      await call('POST', '/api/users', {
        name: 'Fábio Financeiro',
        email: 'fabio@escola.com.br',
        password: 'senha-forte-1',
        role_id: ROLE_IDS.financeiro,
      });
      const token = await shared.server.session('fabio@escola.com.br');
      const fabio = (m: string, p: string, b?: unknown) => shared.server.request(m, p, { token, body: b });
      expect((await fabio('GET', '/api/teams/1/results')).status).toBe(200);
      expect((await fabio('PUT', `/api/teams/1/results/${reg['Bruno Recuperação']}`, { makeup: [] })).status).toBe(403);
      expect((await shared.server.request('GET', '/api/teams/1/results')).status).toBe(401);
    });

    it('audits each make-up and council decision on the registration', async () => {
      const rows = await shared.server.db.kysely
        .selectFrom('audit_log' as never)
        .selectAll()
        .where('entity' as never, '=', 'registrations' as never)
        .where('entity_id' as never, '=', reg['Carla Conselho'] as never)
        .execute();
      const changes = rows.map((r) => JSON.parse(String((r as { changes: string }).changes)));
      expect(changes).toContainEqual({ 'recuperação Matemática': [null, '5.0'] });
      expect(changes.some((c) => String(c['conselho Matemática']?.[1]).startsWith('aprovado: Evolução'))).toBe(true);
    });

    it('prints the same verdicts on the report card, the annual performance, the history, the completion and the portal', async () => {
      const card = async (name: string) => {
        const file = await download(
          shared,
          `/api/exports/student-report-card/${studentId[name]}/team/1?type_print=pdf`,
        );
        expect(file.status, file.content.toString()).toBe(200);
        return pdfText(file.content);
      };
      expect(await card('Bruno Recuperação')).toMatch(/Matemática [\d,\s—%]+APROVADO APÓS RECUPERAÇÃO/);
      expect(await card('Carla Conselho')).toMatch(/Matemática [\d,\s—%]+APROVADO PELO CONSELHO/);

      const file = await download(shared, '/api/exports/annual-performance-report/1');
      const rows = sheetRows((await readWorkbook(file.content)).worksheets[0]);
      const final = (name: string) =>
        rows.find((r) => r[1] === name.toLocaleUpperCase('pt-BR') && r[2] === 'Matemática')!.at(-1);
      expect(final('Bruno Recuperação')).toBe('APROVADO APÓS RECUPERAÇÃO');
      expect(final('Carla Conselho')).toBe('APROVADO PELO CONSELHO');
      expect(final('Davi Faltoso')).toBe('REPROVADO POR FALTA');

      const history = await call('GET', `/api/documents/${studentId['Carla Conselho']}/history-data?team_id=1`);
      expect(history.status, JSON.stringify(history.body)).toBe(200);
      const row = history.body.data.rows.find((r: { discipline: string }) => r.discipline === 'Matemática');
      // The history's PDF and its preview judge with historyVerdict, from this standing.
      expect(historyVerdict(row, history.body.data.minimum, '6,0')).toBe('APROVADO PELO CONSELHO');

      // The completion statement no longer doubts Matemática for either (only that the team still runs).
      for (const name of ['Bruno Recuperação', 'Carla Conselho']) {
        const asked = await download(shared, `/api/exports/certificate-of-completion/${studentId[name]}/team/1`);
        expect(asked.content.toString()).not.toMatch(/abaixo da média/);
      }
      const davi = await download(shared, `/api/exports/certificate-of-completion/${studentId['Davi Faltoso']}/team/1`);
      expect(davi.content.toString()).toMatch(/reprovado por falta em Matemática/);

      // The ata: the whole class, each final grade with its mark, the council's decision with its reason.
      const ata = await download(shared, '/api/teams/1/results/ata');
      expect(ata.status, ata.content.toString()).toBe(200);
      expect(ata.type).toBe('application/pdf');
      const ataText = await pdfText(ata.content);
      expect(ataText).toContain('ATA DE RESULTADOS FINAIS');
      expect(ataText).toMatch(/Bruno Recuperação [\d,\s]*6,[05] AR/);
      expect(ataText).toMatch(/Carla Conselho [\d,\s]*5,0 AC/);
      expect(ataText).toMatch(/Davi Faltoso .*RF .*REPROVADO POR FALTA/);
      expect(ataText).toContain('Evolução ao longo do ano e participação nas aulas de reforço.');
      expect(ataText).toMatch(/Diretor\(a\)/);

      // The family sees the same in the portal, once the office published every stage.
      const guardian = (await call('POST', '/api/guardians', { name: 'Mãe de Carla', email: 'mae.carla@exemplo.com' }))
        .body.data.id as number;
      await call('POST', `/api/students/${studentId['Carla Conselho']}/guardians`, {
        guardian_id: guardian,
        kinship: 'mae',
        financial_responsible: true,
        pedagogical_responsible: true,
      });
      const token = await portalSession(shared.server, guardian, 'mae.carla@exemplo.com');
      for (const stage of math.stages)
        await call('POST', '/api/teams/1/grade-publications', { stage_id: stage.id, confirm: true });
      const portal = await shared.server.request(
        'GET',
        `/api/portal/students/${studentId['Carla Conselho']}/report-card`,
        {
          token,
        },
      );
      expect(portal.body.disciplines.find((d: { name: string }) => d.name === 'Matemática').result).toBe(
        'APROVADO PELO CONSELHO',
      );
    });
  },
  { shuffle: false },
);
