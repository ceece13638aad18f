import { describe, expect, it } from 'vitest';
import { applyMask, foldText, formatPhone, onlyDigits, PHONE_MASK } from '../../resources/text';
import { formatDate, formatDateTime, truncate, upper } from '../../src/format';
import { pageWindow } from '../../src/resources/PageLinks';

describe('text helpers shared by client and server', () => {
  it('folds case and accents', () => {
    expect(foldText('João Conceição ÁGUA')).toBe('joao conceicao agua');
  });
  it('masks and unmasks digits', () => {
    expect(applyMask('52998224725', '###.###.###-##')).toBe('529.982.247-25');
    expect(applyMask('0100100', '#####-###')).toBe('01001-00');
    // Landline and mobile, as typed in the contact form or stored in the settings.
    expect(['9132220000', '91988887777', '(91) 98888-77771'].map(formatPhone)).toEqual([
      '(91) 3222-0000',
      '(91) 98888-7777',
      '(91) 98888-7777',
    ]);
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
  });
  it('writes every phone one way (issue 35: "(91)98877-6655" here, "(91) 99123-4567" there)', () => {
    // Stored digits, as the guardians', students' and polos' phones are, through the configs' mask or directly.
    expect(applyMask('91988776655', PHONE_MASK)).toBe('(91) 98877-6655');
    expect(applyMask('9132220000', PHONE_MASK)).toBe('(91) 3222-0000');
    expect(formatPhone('91991234567')).toBe('(91) 99123-4567');
    // Already written one way or the other: the same.
    expect(['(91)98877-6655', '(91) 98877-6655', '91 98877 6655', '(91)3222-0000'].map(formatPhone)).toEqual([
      '(91) 98877-6655',
      '(91) 98877-6655',
      '(91) 98877-6655',
      '(91) 3222-0000',
    ]);
    expect(formatPhone('08001234567')).toBe('0800 123 4567');
    // As it is typed, digit by digit.
    expect(['9', '91', '919', '91988', '919887766'].map((d) => applyMask(d, PHONE_MASK))).toEqual([
      '(9',
      '(91',
      '(91) 9',
      '(91) 988',
      '(91) 9887-766',
    ]);
    // What the school typed in its settings with a country code or words stays as written; nothing is no phone.
    expect(formatPhone('+55 (91) 3222-0000')).toBe('+55 (91) 3222-0000');
    expect(formatPhone('(91) 3222-0000 ramal 21')).toBe('(91) 3222-0000 ramal 21');
    expect([formatPhone(''), formatPhone(null)]).toEqual(['', '']);
  });
});

describe('display formats (pt-BR, America/Sao_Paulo)', () => {
  it('shows a date-only value on its own day whatever the time zone', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
    expect(formatDate(null)).toBe('');
  });
  it('shows an instant in the school time zone (UTC−3)', () => {
    // 02:30 UTC on 1 March is still 28 February in São Paulo.
    expect(formatDateTime('2026-03-01T02:30:00.000Z')).toBe('28/02/2026 23:30');
    expect(formatDate('2026-03-01T02:30:00.000Z')).toBe('28/02/2026');
  });
  it('upper-cases names in pt-BR and truncates long text', () => {
    expect(upper('educação')).toBe('EDUCAÇÃO');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('abc', 5)).toBe('abc');
  });
});

describe('page links', () => {
  it('shows at most ten page numbers, keeping the current one inside', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(15, 40)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
  });
});
