import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  formatDate,
  formatDateTime,
  formatLongDate,
  gradeOfTenths,
  messages,
  parseBRL,
  parseDate,
  parseGrade,
  parseInteger,
  plural,
  registrationNumber,
  schoolDayOf,
} from '../../resources/format';

describe('dates shared by server and forms', () => {
  it('reads YYYY-MM-DD and dd/mm/yyyy and answers ISO', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDate(' 05/03/2026 ')).toBe('2026-03-05');
    expect(parseDate('5/3/2026')).toBe('2026-03-05');
    expect(parseDate('31/12/1999')).toBe('1999-12-31');
  });

  it('refuses days that do not exist, in either form', () => {
    for (const impossible of [
      '2024-02-30',
      '30/02/2024',
      '2023-02-29',
      '29/02/2023',
      '31/04/2024',
      '2024-04-31',
      '2024-13-01',
      '00/01/2024',
      '01/00/2024',
      '1900-02-29',
      '0000-01-01',
    ]) {
      expect(parseDate(impossible), impossible).toBeNull();
    }
    expect(parseDate('2000-02-29')).toBe('2000-02-29');
  });

  it('refuses what is not a date', () => {
    for (const junk of [
      '',
      'amanhã',
      '2024-2-3',
      '2024/02/03',
      '02-03-2024',
      '2024-02-03T00:00:00Z',
      '03/02/24',
      20240203,
      null,
      ['2024-02-03'],
    ]) {
      expect(parseDate(junk), String(junk)).toBeNull();
    }
  });

  it('shows a calendar date on its own day and an instant on the school day (UTC−3)', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2026-03-01T02:30:00.000Z')).toBe('28/02/2026');
    expect(formatDateTime('2026-03-01T02:30:00.000Z')).toBe('28/02/2026 23:30');
    expect(schoolDayOf(new Date('2026-03-01T02:30:00.000Z'))).toBe('2026-02-28');
  });

  it('writes long dates in Portuguese', () => {
    expect(formatLongDate('2026-11-23')).toBe('23 de novembro de 2026');
    expect(formatLongDate('2026-03-01')).toBe('1 de março de 2026');
    // 01:00 UTC on 1 January is still New Year's Eve at the school.
    expect(formatLongDate(new Date('2027-01-01T01:00:00Z'))).toBe('31 de dezembro de 2026');
    expect(formatLongDate(new Date('2026-11-23T15:00:00Z'))).toBe('23 de novembro de 2026');
  });
});

describe('numbers', () => {
  it('pads registration numbers to six digits', () => {
    expect(registrationNumber(42)).toBe('000042');
    expect(registrationNumber(1234567)).toBe('1234567');
  });

  it('reads integers from numbers and plain digits only', () => {
    expect(parseInteger(12)).toBe(12);
    expect(parseInteger(' 12 ')).toBe(12);
    expect(parseInteger('-3')).toBe(-3);
    expect(parseInteger('007')).toBe(7);
    expect(parseInteger('-3', { signed: false })).toBeNull();
    expect(parseInteger(-3, { signed: false })).toBeNull();
    for (const junk of [
      true,
      false,
      '0x10',
      [1],
      '1.5',
      1.5,
      '1e3',
      '',
      ' ',
      '١٢',
      'Infinity',
      Number.NaN,
      Infinity,
      1e21,
      {},
      null,
      '99999999999999999999',
    ]) {
      expect(parseInteger(junk), JSON.stringify(junk)).toBeNull();
    }
  });

  it('writes centavos as reais', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(123456789)).toBe('R$ 1.234.567,89');
    expect(formatBRL(5)).toBe('R$ 0,05');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(-1990)).toBe('-R$ 19,90');
    // PostgreSQL answers bigint columns as text.
    expect(formatBRL('100000000000')).toBe('R$ 1.000.000.000,00');
  });

  it('reads reais into exact centavos and back', () => {
    expect(parseBRL('1.234,56')).toBe(123456);
    expect(parseBRL('R$ 1.234.567,89')).toBe(123456789);
    expect(formatBRL(parseBRL('R$ 1.234.567,89')!)).toBe('R$ 1.234.567,89');
    expect(parseBRL('1234')).toBe(123400);
    expect(parseBRL('0,1')).toBe(10);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; in centavos it is 30.
    expect(parseBRL('0,10')! + parseBRL('0,20')!).toBe(30);
    expect(formatBRL(parseBRL('0,10')! + parseBRL('0,20')!)).toBe('R$ 0,30');
    expect(parseBRL('-R$ 19,90')).toBe(-1990);
    for (const amount of [1, 99, 100, 101, 123456, 100000001]) expect(parseBRL(formatBRL(amount))).toBe(amount);
  });

  it('refuses what is not an amount', () => {
    for (const junk of ['', 'R$', '1,234', '1.23,45', '12.34', '1,2,3', 'dez reais', '--1', 12.5, null]) {
      expect(parseBRL(junk), String(junk)).toBeNull();
    }
  });

  it('keeps grades in tenths', () => {
    expect(gradeOfTenths(75)).toBe('7.5');
    expect(gradeOfTenths(60)).toBe('6.0');
    expect(gradeOfTenths(100)).toBe('10.0');
    expect(parseGrade('7.5')).toBe(75);
    expect(parseGrade('7,5')).toBe(75);
    expect(parseGrade(6.5)).toBe(65);
    expect(parseGrade(0.7)).toBe(7);
    expect(parseGrade('10')).toBe(100);
    expect(parseGrade(gradeOfTenths(75))).toBe(75);
    for (const junk of ['10,1', '11', '-1', '7.55', 7.55, '', 'sete', true, null]) {
      expect(parseGrade(junk), String(junk)).toBeNull();
    }
  });
});

describe("a student's age", () => {
  it('counts whole years on the school calendar, the birthday from its own day and 29/02 from 01/03', async () => {
    const { ageOf } = await import('../../server/students/queries');
    expect(ageOf('2008-03-01', '2026-02-28')).toBe(17);
    expect(ageOf('2008-03-01', '2026-03-01')).toBe(18);
    expect(ageOf('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOf('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOf(null, '2025-03-01')).toBeNull();
    expect(ageOf('2030-01-01', '2025-03-01')).toBeNull();
  });
});

describe('counts and their nouns', () => {
  it('agree in number: one is singular, zero and two or more plural, with pt-BR digits', () => {
    expect(plural(1, 'cobrança paga', 'cobranças pagas')).toBe('1 cobrança paga');
    expect(plural(0, 'cobrança paga', 'cobranças pagas')).toBe('0 cobranças pagas');
    expect(plural(2, 'falta', 'faltas')).toBe('2 faltas');
    expect(plural(1234, 'aluno', 'alunos')).toBe('1.234 alunos');
  });
});

describe('a refused option, in words', () => {
  const ufs = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');
  const courses = Array.from({ length: 602 }, (_, i) => `Curso ${i + 1}`);

  it('names the options of a short list (the 27 UFs)', () => {
    expect(messages.option('UF', ufs)).toBe(`O campo UF deve ser uma das opções: ${ufs.join(', ')}.`);
    expect(messages.options('Dias', ['Segunda', 'Terça'])).toBe(
      'O campo Dias deve ter apenas opções da lista: Segunda, Terça.',
    );
  });

  it('counts those of a long code list instead of a message of pages', () => {
    expect(messages.option('Curso superior', courses)).toBe(
      'O campo Curso superior deve ser uma das 602 opções da lista: escolha uma na lista.',
    );
    expect(messages.options('Componentes', courses)).toBe(
      'O campo Componentes deve ter apenas opções da lista: escolha na lista.',
    );
  });
});
