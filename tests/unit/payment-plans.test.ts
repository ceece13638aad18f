import { describe, expect, it } from 'vitest';
import { parseMoney, parseMonth } from '../../resources/format';
import { planInstalments, planStart } from '../../resources/instalments';
import { paymentPlans } from '../../resources/payment-plans';
import { fieldOf } from '../../resources/types';
import { fieldSchema } from '../../server/crud/validation';
import { fieldError } from '../../src/resources/fieldChecks';

describe('payment plans: the calendar and the new field types', () => {
  it('keeps the plan day across short months, and the first due date’s day when it is moved', () => {
    const dues = (firstMonth: string, day: number, n: number, firstDue?: string) => {
      const { first, day: keep } = planStart({ first_month: firstMonth, due_day: day }, firstDue);
      return planInstalments(first, n, 1, keep).map((i) => i.due_date);
    };
    expect(dues('2027-01', 31, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(dues('2028-02', 30, 2)).toEqual(['2028-02-29', '2028-03-30']);
    expect(dues('2027-02', 10, 3, '2027-02-28')).toEqual(['2027-02-28', '2027-03-28', '2027-04-28']);
  });

  it('reads a month as YYYY-MM or MM/YYYY and nothing else', () => {
    expect(parseMonth('2027-02')).toBe('2027-02');
    expect(parseMonth(' 02/2027 ')).toBe('2027-02');
    for (const bad of ['2027-13', '2027-00', '2027-2', '1899-12', 202702, null]) expect(parseMonth(bad)).toBeNull();
  });

  it('answers the same on the form and on the server for the value and the first month', () => {
    for (const name of ['value', 'first_month']) {
      const field = fieldOf(paymentPlans, name);
      for (const raw of ['1.250,00', '1250,00', 1250, '0', '-3', 'abc', '2027-02', '13/2027']) {
        const server = fieldSchema(field, 'create').safeParse(raw);
        const message = server.success ? undefined : server.error.issues[0].message;
        expect(fieldError(field, raw), `${name} = ${JSON.stringify(raw)}`).toBe(message);
      }
    }
    // The edit form shows the record's reais as "1250,00", which reads back as the same centavos.
    expect(parseMoney((1250).toFixed(2).replace('.', ','))).toBe(125000);
  });
});
