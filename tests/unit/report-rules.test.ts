import { describe, expect, it } from 'vitest';
import { averageTenths, uniqueSheetName } from '../../server/reports/grades';
import { monthsBetween, tuitionMatrix, type TuitionCharge } from '../../server/reports/tuition-matrix';

const charge = (over: Partial<TuitionCharge>): TuitionCharge => ({
  registration_id: 1,
  value_cents: 45000,
  due_date: '2026-02-10',
  paid: false,
  service: 'Mensalidade',
  ...over,
});

describe('financial report per team: the tuition matrix', () => {
  it('judges overdue on the school day: at 01:00 UTC on 1 March it is still 28 February in São Paulo', () => {
    const charges = [
      charge({ registration_id: 1, due_date: '2026-02-28' }),
      charge({ registration_id: 2, due_date: '2026-02-27' }),
    ];
    const evening = tuitionMatrix(charges, new Date('2026-03-01T01:00:00Z'));
    expect(evening.today).toBe('2026-02-28');
    expect(evening.cell(1, '2026-02')?.overdue).toBe(false); // due today: not yet overdue
    expect(evening.cell(2, '2026-02')?.overdue).toBe(true);
    const morning = tuitionMatrix(charges, new Date('2026-03-01T03:00:00Z'));
    expect(morning.cell(1, '2026-02')?.overdue).toBe(true);
  });

  it('sums a month in centavos, green only when all of it is paid, and leaves out what is not tuition', () => {
    const matrix = tuitionMatrix(
      [
        charge({ value_cents: 10, due_date: '2026-01-05', paid: true }),
        charge({ value_cents: 20, due_date: '2026-01-25', paid: true, service: null }),
        charge({ value_cents: 30, due_date: '2026-04-05', paid: true }),
        charge({ value_cents: 40, due_date: '2026-04-06', paid: false }),
        charge({ value_cents: 9900, due_date: '2025-06-01', service: 'Material didático' }),
        charge({ value_cents: 50, due_date: '2026-05-01', service: 'MENSALIDADE ' }),
      ],
      new Date('2026-04-05T15:00:00Z'),
    );
    expect(matrix.months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
    expect(matrix.cell(1, '2026-01')).toEqual({ cents: 30, paid: true, overdue: false });
    expect(matrix.cell(1, '2026-02')).toBeUndefined();
    expect(matrix.cell(1, '2026-04')).toEqual({ cents: 70, paid: false, overdue: false });
    expect(matrix.cell(1, '2026-05')?.cents).toBe(50);
    expect(tuitionMatrix([], new Date()).months).toEqual([]);
  });

  it('walks the months across a year end', () => {
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-05', '2026-05')).toEqual(['2026-05']);
    // A year before 1000 keeps its four digits, as the dates it came from.
    expect(monthsBetween('0026-03', '0026-04')).toEqual(['0026-03', '0026-04']);
  });
});

describe('grade reports: averages and sheet names', () => {
  it('averages whole tenths, rounding half up, over the grades given', () => {
    expect(averageTenths([75, 65])).toBe(70);
    expect(averageTenths([75, 65, 80])).toBe(73);
    expect(averageTenths([62, 63])).toBe(63); // 6,25 → 6,3
    expect(averageTenths([90, undefined, undefined])).toBe(90);
    expect(averageTenths([undefined])).toBeNull();
  });

  it('names sheets as spreadsheets accept them, once each', () => {
    const used = new Set<string>();
    expect(uniqueSheetName('Matemática', used)).toBe('Matemática');
    expect(uniqueSheetName('matemática', used)).toBe('matemática 2');
    expect(uniqueSheetName('Saúde/Segurança: [Módulo I]?', used)).toBe('Saúde-Segurança- -Módulo I--');
    expect(uniqueSheetName('Anatomia e Fisiologia Humana Aplicada à Enfermagem', used)).toHaveLength(31);
  });
});

describe('spreadsheet column letters', () => {
  it('names columns past Z as a spreadsheet does', async () => {
    const { columnLetter } = await import('../../server/reports/xlsx');
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
