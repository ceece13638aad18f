import { describe, expect, it } from 'vitest';
import { amountDue, dayNumber, type MoneyRules } from '../../server/finance/amount-due';

const standard: MoneyRules = { finePercentBp: 200, interestMonthBp: 100 };
const charge = (value_cents: number, due_date: string) => ({ value_cents, due_date });

describe('amount due: fine and pro rata interest', () => {
  it('the example of docs/escola/financas.md: R$ 500,00 due 10/03/2027 paid 25/03/2027 is 500 + 10,00 + 2,50', () => {
    expect(amountDue(charge(50000, '2027-03-10'), standard, '2027-03-25')).toEqual({
      principal: 50000,
      discount: 0,
      fine: 1000,
      interest: 250,
      total: 51250,
    });
  });

  it('owes the value on or before the due date and fine plus one day of interest the day after', () => {
    expect(amountDue(charge(50000, '2027-03-10'), standard, '2027-03-01').total).toBe(50000);
    expect(amountDue(charge(50000, '2027-03-10'), standard, '2027-03-10').total).toBe(50000);
    // 1 % / 30 of 500,00 = 0,1666… → 0,17
    expect(amountDue(charge(50000, '2027-03-10'), standard, '2027-03-11')).toMatchObject({ fine: 1000, interest: 17 });
  });

  it('counts calendar days across month ends, February of a leap year and not, and the year end', () => {
    // 26/02/2027 (Friday) → 01/03/2027: 3 days (28 days in February 2027).
    expect(amountDue(charge(300000, '2027-02-26'), standard, '2027-03-01').interest).toBe(300);
    // 25/02/2028 (Friday) → 01/03/2028: 5 days (29 February exists).
    expect(amountDue(charge(300000, '2028-02-25'), standard, '2028-03-01').interest).toBe(500);
    // 31/01/2028 → 01/03/2028: 30 days = one month = 1 % exactly.
    expect(amountDue(charge(50000, '2028-01-31'), standard, '2028-03-01').interest).toBe(500);
    // 29/01/2027 → 01/03/2027: 31 days.
    expect(amountDue(charge(30000, '2027-01-29'), standard, '2027-03-01').interest).toBe(310);
    // 31/12/2026 → 05/01/2027: 5 days; 100000 × 1 % × 5 / 30 = 166,67 → 167.
    expect(amountDue(charge(100000, '2026-12-31'), standard, '2027-01-05')).toMatchObject({
      fine: 2000,
      interest: 167,
      total: 102167,
    });
    expect(dayNumber('2028-02-29')! - dayNumber('2028-02-28')!).toBe(1);
    expect(dayNumber('2027-02-29')).toBeNull();
    // A mistyped year stays the year it says (Date.UTC would read 0026 as 1926).
    expect(dayNumber('2026-03-10')! - dayNumber('0026-03-10')!).toBe(2000 * 365 + 485);
  });

  it('lets a due date on a Saturday or Sunday be paid on the next Monday without fine or interest', () => {
    // 30/01/2027 is a Saturday: Monday 01/02 is on time, Tuesday 02/02 is 3 days late (from the due date).
    expect(amountDue(charge(30000, '2027-01-30'), standard, '2027-02-01').total).toBe(30000);
    expect(amountDue(charge(30000, '2027-01-30'), standard, '2027-02-02')).toMatchObject({ fine: 600, interest: 30 });
    // 31/01/2027 is a Sunday: Monday on time, Tuesday 2 days late.
    expect(amountDue(charge(30000, '2027-01-31'), standard, '2027-02-01').total).toBe(30000);
    expect(amountDue(charge(30000, '2027-01-31'), standard, '2027-02-02')).toMatchObject({ fine: 600, interest: 20 });
  });

  it('rounds each part half-up to the centavo on its own', () => {
    // 2 % of 0,25 = 0,5 centavo → 1; 2 % of 0,75 = 1,5 → 2; 2 % of 0,24 = 0,48 → 0.
    expect(amountDue(charge(25, '2027-03-10'), standard, '2027-03-11').fine).toBe(1);
    expect(amountDue(charge(75, '2027-03-10'), standard, '2027-03-11').fine).toBe(2);
    expect(amountDue(charge(24, '2027-03-10'), standard, '2027-03-11').fine).toBe(0);
    // 1 % / 30 of 15,00 = 0,5 centavo → 1; of 45,00 = 1,5 → 2; of 14,99 = 0,4997 → 0.
    expect(amountDue(charge(1500, '2027-03-10'), standard, '2027-03-11').interest).toBe(1);
    expect(amountDue(charge(4500, '2027-03-10'), standard, '2027-03-11').interest).toBe(2);
    expect(amountDue(charge(1499, '2027-03-10'), standard, '2027-03-11').interest).toBe(0);
    // 50 % of 100,01 = 50,005 → 50,01.
    const half = { ...standard, scholarship: { kind: 'percent' as const, value: 5000 } };
    expect(amountDue(charge(10001, '2027-03-10'), half, '2027-03-10').discount).toBe(5001);
  });

  it('never charges more than 2 % of fine, whatever the setting says', () => {
    expect(amountDue(charge(50000, '2027-03-10'), { ...standard, finePercentBp: 1000 }, '2027-03-11').fine).toBe(1000);
    expect(amountDue(charge(50000, '2027-03-10'), { finePercentBp: 0, interestMonthBp: 0 }, '2027-04-11').total).toBe(
      50000,
    );
  });
});

describe('amount due: scholarship and punctuality', () => {
  const rules: MoneyRules = {
    ...standard,
    scholarship: { kind: 'percent', value: 1000, valid_from: '2027-01-01', valid_until: '2027-12-31' },
    punctuality: { kind: 'percent', value: 500, days_before: 5 },
  };

  it('takes the scholarship and then the punctuality discount on what is left, up to N days before', () => {
    // 10 % of 500,00 = 50,00; 5 % of 450,00 = 22,50.
    expect(amountDue(charge(50000, '2027-03-10'), rules, '2027-03-05')).toEqual({
      principal: 50000,
      discount: 7250,
      fine: 0,
      interest: 0,
      total: 42750,
    });
    expect(amountDue(charge(50000, '2027-03-10'), rules, '2027-03-06')).toMatchObject({ discount: 5000, total: 45000 });
    expect(amountDue(charge(50000, '2027-03-10'), rules, '2027-03-10').total).toBe(45000);
  });

  it('after the due date keeps the scholarship, drops punctuality and charges fine and interest on the rest', () => {
    expect(amountDue(charge(50000, '2027-03-10'), rules, '2027-03-25')).toEqual({
      principal: 50000,
      discount: 5000,
      fine: 900,
      interest: 225,
      total: 46125,
    });
  });

  it('applies the punctuality discount alone, as an amount, up to the due date when N is 0', () => {
    const punctual: MoneyRules = { ...standard, punctuality: { kind: 'amount', value: 3000, days_before: 0 } };
    expect(amountDue(charge(50000, '2027-03-10'), punctual, '2027-03-10')).toMatchObject({
      discount: 3000,
      total: 47000,
    });
    expect(amountDue(charge(50000, '2027-03-10'), punctual, '2027-03-11')).toMatchObject({ discount: 0, fine: 1000 });
    // An amount larger than the charge leaves nothing to pay, never a negative total.
    const huge: MoneyRules = { ...standard, punctuality: { kind: 'amount', value: 90000, days_before: 0 } };
    expect(amountDue(charge(50000, '2027-03-10'), huge, '2027-03-01')).toMatchObject({ discount: 50000, total: 0 });
  });

  it('covers only the due dates within the scholarship validity', () => {
    const later: MoneyRules = { ...standard, scholarship: { kind: 'amount', value: 10000, valid_from: '2027-04-01' } };
    expect(amountDue(charge(50000, '2027-03-10'), later, '2027-03-10').discount).toBe(0);
    expect(amountDue(charge(50000, '2027-04-10'), later, '2027-04-10').discount).toBe(10000);
    const ended: MoneyRules = { ...standard, scholarship: { kind: 'amount', value: 10000, valid_until: '2027-04-09' } };
    expect(amountDue(charge(50000, '2027-04-10'), ended, '2027-04-10').discount).toBe(0);
    expect(amountDue(charge(50000, '2027-04-09'), ended, '2027-04-09').discount).toBe(10000);
  });

  it('a 100 % scholarship owes nothing, not even fine or interest', () => {
    const full: MoneyRules = { ...standard, scholarship: { kind: 'percent', value: 10000 } };
    expect(amountDue(charge(50000, '2027-03-10'), full, '2027-06-10')).toEqual({
      principal: 50000,
      discount: 50000,
      fine: 0,
      interest: 0,
      total: 0,
    });
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => amountDue(charge(50000, '2027-03-10'), standard, '2027-02-30')).toThrow();
    expect(() => amountDue(charge(50000, '2027-03-10'), standard, '10/03/2027')).toThrow();
  });
});
