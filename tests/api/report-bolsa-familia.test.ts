import { expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { dynamic } from '../../server/db/connection';
import { diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { download, savedName } from './support/reports';
import { describeOnDatabases } from './support/server';

/** `yyyy-mm` shifted by `delta` months. */
function monthOf(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

describeOnDatabases('Bolsa Família: the attendance of a month as CSV', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;
  // Last month in São Paulo: the export's default, and a month whose days are all in the past.
  const month = monthOf(schoolDayOf().slice(0, 7), -1);
  const before = monthOf(month, -1);
  const after = monthOf(month, 1);

  /**
   * In the month: the 1st (2 periods), the 15th (História, 3) and the last day (1). Ana misses 1 period on
   * the 1st and 3 justified on the 15th; Bruno 2 justified on the 1st and 1 on the last day. Carla's enrolment
   * was at 23:00 of the day before the 1st in São Paulo (02:00 UTC of the 1st); Davi enrolled on the 16th;
   * Eva is no longer active. Lessons of the months around it (Ana absent) are not counted.
   */
  async function school() {
    const diary = await diaryOf(fresh);
    const ana = await diary.enrol('Ana Beatriz', `${before}-01`);
    const bruno = await diary.enrol('Bruno Araújo', `${before}-01`);
    const carla = await diary.enrol('Carla Virada do Mês', `${before}-01`);
    const davi = await diary.enrol('Davi Chegou Depois', `${month}-16`);
    await diary.enrol('Eva Saiu', `${before}-01`);
    const k = dynamic(fresh.server.db);
    await k
      .updateTable('registrations')
      .set({ created_at: `${month}-01T02:00:00.000Z` })
      .where('id', '=', carla)
      .execute();
    await k.updateTable('students').set({ status: 'Inativo' }).where('name', '=', 'Eva Saiu').execute();
    await k.updateTable('students').set({ cpf: '52998224725' }).where('name', '=', 'Ana Beatriz').execute();
    const history = { discipline_id: diary.history.discipline.id, stage_id: diary.history.stages[0].id };
    const mark = async (fields: Record<string, unknown>, attendance: unknown[]) => {
      const lesson = await diary.lesson(fields);
      expect((await call('PUT', `/api/lessons/${lesson}/attendance`, { attendance })).status).toBe(200);
    };
    const sick = { justified: true, reason: 'Atestado médico' };
    await mark({ date: lastDay(before), periods: 2 }, [{ registration_id: ana, absences: 2 }]);
    await mark({ date: `${month}-01`, periods: 2 }, [
      { registration_id: ana, absences: 1 },
      { registration_id: bruno, absences: 2, ...sick },
    ]);
    await mark({ ...history, date: `${month}-15`, periods: 3 }, [{ registration_id: ana, absences: 3, ...sick }]);
    await mark({ date: lastDay(month), periods: 1 }, [{ registration_id: bruno, absences: 1 }]);
    await mark({ date: `${after}-01`, periods: 1 }, [{ registration_id: ana, absences: 1 }]);
    return { ana, bruno, carla, davi };
  }

  const csv = async (path: string, token = fresh.token) => {
    const response = await fetch(`${fresh.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status, bytes.toString()).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    return lines.map((l) => l.split(';'));
  };

  it('gives each active student the periods of the month since the enrolment, the counted absences and the frequency', async () => {
    const ids = await school();
    const file = await download(fresh, `/api/exports/bolsa-familia?month=${month}`);
    expect(savedName(file.disposition)).toBe('frequencia_bolsa_familia.csv');
    const rows = await csv(`/api/exports/bolsa-familia?month=${month}`);
    expect(rows[0]).toEqual([
      'Matrícula',
      'Aluno',
      'CPF',
      'Turma',
      'Mês',
      'Aulas dadas (períodos)',
      'Faltas',
      'Faltas justificadas',
      'Frequência (%)',
    ]);
    const number = (id: number) => String(id).padStart(6, '0');
    const team = 'Turma Médio 2026 A';
    const reference = `${month.slice(5)}/${month.slice(0, 4)}`;
    // Justified absences not counted (the school's default): Ana 1 of 6, Bruno 1 of 6.
    expect(rows.slice(1)).toEqual([
      [number(ids.ana), 'Ana Beatriz', '529.982.247-25', team, reference, '6', '1', '3', '83,3'],
      [number(ids.bruno), 'Bruno Araújo', '', team, reference, '6', '1', '2', '83,3'],
      // Enrolled at 23:00 of the day before in São Paulo: the lesson on the 1st is hers.
      [number(ids.carla), 'Carla Virada do Mês', '', team, reference, '6', '0', '0', '100,0'],
      // Enrolled on the 16th: only the last day's period.
      [number(ids.davi), 'Davi Chegou Depois', '', team, reference, '1', '0', '0', '100,0'],
    ]);

    const settings = (await call('GET', '/api/school-settings')).body.data;
    await call('PUT', '/api/school-settings', { ...settings, justified_absences_count: true });
    // Without a month: the last one.
    const counted = await csv('/api/exports/bolsa-familia');
    expect(counted.slice(1, 3).map((r) => r.slice(4))).toEqual([
      [reference, '6', '4', '3', '33,3'],
      [reference, '6', '3', '2', '50,0'],
    ]);

    const previous = await csv(`/api/exports/bolsa-familia?month=${before}`);
    expect(previous.find((r) => r[1] === 'Ana Beatriz')?.slice(5)).toEqual(['2', '2', '0', '0,0']);
    // No lesson that month for Davi (not yet enrolled): no frequency rather than a division by zero.
    expect(previous.find((r) => r[1] === 'Davi Chegou Depois')?.slice(5)).toEqual(['0', '0', '0', '']);

    const bad = await download(fresh, '/api/exports/bolsa-familia?month=2026-13');
    expect(bad.status).toBe(422);
    expect(bad.json?.errors?.month).toEqual(['O campo Mês deve ser um mês (aaaa-mm).']);
  });

  it('leaves the CPF out for a role that may not see personal data', async () => {
    await school();
    const role = await call('POST', '/api/roles', { name: 'Coordenação', permissions: ['reports.general'] });
    const email = 'coord@escola.com.br';
    await call('POST', '/api/users', { name: 'Coord', email, password: 'senha-forte-1', role_id: role.body.data.id });
    const token = await fresh.server.login(email, 'senha-forte-1');
    const rows = await csv(`/api/exports/bolsa-familia?month=${month}`, token);
    expect(rows[0]).not.toContain('CPF');
    expect(rows[1]).toHaveLength(8);
    expect(rows.flat()).not.toContain('529.982.247-25');
  });
});
