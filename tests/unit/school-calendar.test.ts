import { describe, expect, it } from 'vitest';
import { easter, nationalHolidays } from '../../server/school-year/holidays';
import { isSchoolDay, schoolDays } from '../../server/school-year/school-days';

/** The published dates (Calendário de feriados nacionais, Ministério da Gestão; Portaria de pontos facultativos). */
const PUBLISHED = {
  2026: {
    easter: '2026-04-05',
    carnaval: ['2026-02-16', '2026-02-17'],
    goodFriday: '2026-04-03',
    corpus: '2026-06-04',
  },
  2027: {
    easter: '2027-03-28',
    carnaval: ['2027-02-08', '2027-02-09'],
    goodFriday: '2027-03-26',
    corpus: '2027-05-27',
  },
  2028: {
    easter: '2028-04-16',
    carnaval: ['2028-02-28', '2028-02-29'],
    goodFriday: '2028-04-14',
    corpus: '2028-06-15',
  },
} as const;

describe('the holidays of a year', () => {
  for (const [year, published] of Object.entries(PUBLISHED)) {
    it(`computes ${year}'s Easter and the days that follow it`, () => {
      expect(easter(Number(year))).toBe(published.easter);
      const days = nationalHolidays(Number(year));
      const on = (date: string) => days.find((d) => d.date === date);
      expect(published.carnaval.map(on)).toEqual([
        { date: published.carnaval[0], kind: 'recesso', description: 'Carnaval' },
        { date: published.carnaval[1], kind: 'recesso', description: 'Carnaval' },
      ]);
      expect(on(published.goodFriday)).toEqual({
        date: published.goodFriday,
        kind: 'feriado',
        description: 'Sexta-feira Santa',
      });
      expect(on(published.corpus)).toEqual({ date: published.corpus, kind: 'recesso', description: 'Corpus Christi' });
      expect(on(`${year}-04-21`)?.description).toBe('Tiradentes');
      expect(on(`${year}-11-20`)?.kind).toBe('feriado');
      // Nine fixed holidays, four from Easter, in date order.
      expect(days).toHaveLength(13);
      expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    });
  }

  it('agrees with Easter in other centuries (1818, 1943, 2285: the earliest and latest dates)', () => {
    expect(easter(1818)).toBe('1818-03-22');
    expect(easter(1943)).toBe('1943-04-25');
    expect(easter(2285)).toBe('2285-03-22');
  });
});

describe('the school days of a year', () => {
  it('counts Monday to Friday, less holidays and recesses, plus school Saturdays', () => {
    // March 2027: 23 weekdays; Good Friday on the 26th.
    expect(schoolDays('2027-03-01', '2027-03-31', [])).toBe(23);
    const holidays = nationalHolidays(2027);
    expect(schoolDays('2027-03-01', '2027-03-31', holidays)).toBe(22);
    const saturday = { date: '2027-03-13', kind: 'letivo' as const };
    expect(schoolDays('2027-03-01', '2027-03-31', [...holidays, saturday])).toBe(23);
    // An event does not take a day off; a holiday on a Sunday takes none.
    expect(schoolDays('2027-03-01', '2027-03-31', [{ date: '2027-03-10', kind: 'evento' }])).toBe(23);
    expect(schoolDays('2027-03-01', '2027-03-31', [{ date: '2027-03-14', kind: 'feriado' }])).toBe(23);
  });

  it("counts 2027's school year of the demo school (1 February to 17 December)", () => {
    // 230 weekdays; off on weekdays: Carnaval ×2, Good Friday, Tiradentes (Wed), Corpus Christi (Thu),
    // 7 Sep (Tue), 12 Oct (Tue), 2 Nov (Tue), 15 Nov (Mon); 1 May, 20 Nov and 25 Dec fall on Saturdays.
    expect(schoolDays('2027-02-01', '2027-12-17', nationalHolidays(2027))).toBe(221);
  });

  it('has school on a weekday, not on a holiday, a Sunday or a plain Saturday', () => {
    expect(isSchoolDay('2027-03-10', undefined)).toBe(true);
    expect(isSchoolDay('2027-03-26', 'feriado')).toBe(false);
    expect(isSchoolDay('2027-03-13', undefined)).toBe(false);
    expect(isSchoolDay('2027-03-13', 'letivo')).toBe(true);
    expect(isSchoolDay('2027-03-14', undefined)).toBe(false);
  });
});
