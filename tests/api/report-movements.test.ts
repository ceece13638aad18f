import { expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

describeOnDatabases('movement report: entries and exits per team over a period (issue 38)', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  it('counts, for team 1, who came in (and from another school), who left and how, and who remains', async () => {
    const { enrol } = await diaryOf(fresh);
    // Before the period: two students; one of them leaves inside it by transfer.
    const old = await enrol('Antiga Transferida', daysAgo(90));
    await enrol('Antigo Que Fica', daysAgo(90));
    // Inside the period: three arrive (one from another school); one abandons, one dies.
    const fromElsewhere = Number((await call('POST', '/api/students', { name: 'Bruna de Marabá' })).body.data.id);
    const arrived = await call('POST', '/api/registrations', {
      student_id: fromElsewhere,
      team_id: 1,
      enrolled_on: daysAgo(20),
      origin_school: 'Escola Municipal Irmã Dulce',
    });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(201);
    const gone = await enrol('Caio Abandonou', daysAgo(25));
    const died = await enrol('Davi In Memoriam', daysAgo(25));
    const moves = [
      call('POST', `/api/registrations/${old}/transfer`, {
        date: daysAgo(10),
        destination_school: 'Colégio Tiradentes',
        destination_city: 'Belém - PA',
      }),
      call('POST', `/api/registrations/${gone}/leave`, { date: daysAgo(8), kind: 'abandono' }),
      call('POST', `/api/registrations/${died}/leave`, { date: daysAgo(7), kind: 'falecimento' }),
    ];
    for (const answer of await Promise.all(moves)) expect(answer.status, JSON.stringify(answer.body)).toBe(201);

    const period = `start_date=${daysAgo(30)}&end_date=${daysAgo(1)}&team_id=1`;
    const xlsx = await download(fresh, `/api/exports/student-movements?${period}`);
    expect(xlsx.status, xlsx.json?.message).toBe(200);
    expect(savedName(xlsx.disposition)).toBe('movimento_de_alunos.xlsx');
    const workbook = await readWorkbook(xlsx.content);
    const rows = sheetRows(workbook.worksheets[0]);
    const header = rows.findIndex((r) => r[0] === 'TURMA');
    expect(rows[header]).toEqual([
      'TURMA',
      'ENTRADAS',
      'VINDOS DE OUTRA ESCOLA',
      'TRANSFERIDOS',
      'ABANDONOS',
      'FALECIDOS',
      'CONCLUINTES',
      'OUTRAS SAÍDAS',
      'MATRICULADOS NO FIM',
    ]);
    const team = rows[header + 1];
    const seededAtEnd = Number(team[8]) - 2;
    // 3 entries (1 from another school), 1 transfer, 1 abandonment, 1 death; the seeded students count at the end.
    expect(team.slice(1, 8)).toEqual([3, 1, 1, 1, 1, 0, 0]);
    expect(seededAtEnd).toBeGreaterThanOrEqual(0);
    expect(rows[header + 2][0]).toBe('TOTAL');
    // The students behind the numbers, on a sheet of their own.
    const list = sheetRows(workbook.worksheets[1]);
    expect(list).toContainEqual([
      expect.any(String),
      daysAgo(10).split('-').reverse().join('/'),
      expect.any(String),
      'ANTIGA TRANSFERIDA',
      'Transferência',
      'Para Colégio Tiradentes',
    ]);
    expect(list).toContainEqual(
      expect.arrayContaining(['BRUNA DE MARABÁ', 'Entrada', 'Veio de Escola Municipal Irmã Dulce']),
    );

    const pdf = await download(fresh, `/api/exports/student-movements?${period}&type_print=pdf`);
    expect(pdf.type).toBe('application/pdf');
    const text = await pdfText(pdf.content);
    expect(text).toContain('MOVIMENTO DE ALUNOS');
    expect(text).toContain(`Período: ${daysAgo(30).split('-').reverse().join('/')}`);
    expect(text).toContain('TRANSFERIDOS');

    const backwards = await download(
      fresh,
      `/api/exports/student-movements?start_date=${daysAgo(1)}&end_date=${daysAgo(30)}`,
    );
    expect(backwards.status).toBe(422);
    expect(backwards.json?.errors).toEqual({
      end_date: ['O campo Data final não pode ser anterior ao campo Data inicial.'],
    });
    expect((await download(fresh, '/api/exports/student-movements')).status).toBe(422);
  });
});
