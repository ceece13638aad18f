import { expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describeOnDatabases('report: complete student data per class', (dialect) => {
  const fresh = serverPerFile(dialect);
  const call = fresh.call;

  it('writes one row per student with every personal field, CPF and CEP masked and dates as date cells', async () => {
    const full = await call('POST', '/api/students', {
      name: 'Zuleide Ferreira dos Santos',
      gender: 'F',
      email: 'zuleide@familia.com.br',
      cep: '66000000',
      street: 'Avenida Presidente Vargas',
      number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      uf: 'PA',
      phone: '91988887777',
      cpf: '52998224725',
      rg: '1234567',
      expedient_body: 'SSP/PA',
      nationality: 'Brasileira',
      naturalness: 'Belém - PA',
      birth_date: '2008-02-29',
      name_mother: 'Maria do Carmo Ferreira',
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    const bare = await call('POST', '/api/students', { name: 'Álvaro Lima' });
    const outsider = await call('POST', '/api/students', { name: 'Fora da Turma' });
    const enrolments = [];
    for (const [student, team] of [
      [full, 1],
      [bare, 1],
      [outsider, 2],
    ] as const) {
      enrolments.push(
        (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: team })).body.data
          .id as number,
      );
    }

    const file = await download(fresh, '/api/exports/report-of-student-data-by-class/1');
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(savedName(file.disposition)).toBe('dados_completos_dos_alunos.xlsx');
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1 });
    const rows = sheetRows(sheet);
    expect(rows[1][0]).toBe('DADOS COMPLETOS DOS ALUNOS POR TURMA');
    expect(rows[2][0]).toBe('Turma: Turma Médio 2026 A');
    const header = rows.findIndex((r) => r[0] === 'Nº');
    expect(rows[header]).toEqual([
      'Nº',
      'MATRÍCULA',
      'NOME',
      'SEXO',
      'DATA DE NASCIMENTO',
      'CPF',
      'RG',
      'ÓRGÃO EXPEDIDOR',
      'NACIONALIDADE',
      'NATURALIDADE',
      'NOME DA MÃE',
      'E-MAIL',
      'CONTATO',
      'CEP',
      'LOGRADOURO',
      'NÚMERO',
      'BAIRRO',
      'CIDADE',
      'UF',
      'STATUS',
      'DATA DA MATRÍCULA',
    ]);
    const body = rows.slice(header + 1);
    expect(body).toHaveLength(2);
    const enrolledOn = new Date(`${today()}T00:00:00Z`);
    expect(body[0]).toEqual([
      1,
      String(enrolments[1]).padStart(6, '0'),
      'ÁLVARO LIMA',
      ...Array(16).fill(undefined),
      'Ativo',
      enrolledOn,
    ]);
    expect(body[1]).toEqual([
      2,
      String(enrolments[0]).padStart(6, '0'),
      'ZULEIDE FERREIRA DOS SANTOS',
      'Feminino',
      new Date('2008-02-29T00:00:00Z'),
      '529.982.247-25',
      '1234567',
      'SSP/PA',
      'Brasileira',
      'Belém - PA',
      'MARIA DO CARMO FERREIRA',
      'zuleide@familia.com.br',
      '(91) 98888-7777',
      '66000-000',
      'Avenida Presidente Vargas',
      '100',
      'Campina',
      'Belém',
      'PA',
      'Ativo',
      enrolledOn,
    ]);
    // The dates are real dates shown the Brazilian way, so a spreadsheet sorts and filters them.
    const row = sheet.getRow(header + 3);
    expect([row.getCell(5).numFmt, row.getCell(21).numFmt]).toEqual(['dd/mm/yyyy', 'dd/mm/yyyy']);
  });

  it('answers 404 for a team that does not exist and 422 for a bad one', async () => {
    const missing = await download(fresh, '/api/exports/report-of-student-data-by-class/999999');
    expect(missing.status).toBe(404);
    expect(missing.json?.message).toBe('Turma não encontrada.');
    const bad = await download(fresh, '/api/exports/report-of-student-data-by-class/abc');
    expect(bad.status).toBe(422);
    expect(bad.json?.errors?.team).toEqual(['Selecione um(a) Turma válido(a).']);
  });
});
