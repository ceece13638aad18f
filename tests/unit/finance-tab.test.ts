import { describe, expect, it } from 'vitest';
import {
  chargeState,
  maskMoney,
  moneyToNumber,
  openBoleto,
  parseQuantity,
  type Charge,
} from '../../src/finance/charges';

const base = {
  id: 1,
  paid: 0,
  payment_type_id: 4,
  due_date: '2027-03-10',
  gateway_response: null,
} as unknown as Charge;

describe('the FINANCEIRO tab rules', () => {
  it('masks money from the right and sends it as the exact decimal number', () => {
    expect(maskMoney('1')).toBe('0,01');
    expect(maskMoney('15020')).toBe('150,20');
    expect(maskMoney('R$ 1.234,56')).toBe('1.234,56');
    expect(maskMoney('123456789')).toBe('1.234.567,89');
    expect(maskMoney('000')).toBe('');
    expect(moneyToNumber('1.234.567,89')).toBe(1234567.89);
    expect(moneyToNumber('0,10')).toBe(0.1);
    expect(String(moneyToNumber('0,30'))).toBe('0.3');
    expect(moneyToNumber('abc')).toBeNull();
  });

  it('accepts a quantity of 1 to 120 digits only', () => {
    expect([parseQuantity('1'), parseQuantity('12'), parseQuantity('120')]).toEqual([1, 12, 120]);
    for (const bad of ['', '0', '121', 'doze', '1.5', '-1']) expect(parseQuantity(bad), bad).toBeNull();
  });

  it('calls a charge paid, overdue or open against the school day, by text', () => {
    expect(chargeState({ paid: 1, due_date: '2020-01-01' }, '2026-11-23')).toBe('paid');
    expect(chargeState({ paid: 0, due_date: '2026-11-22' }, '2026-11-23')).toBe('overdue');
    expect(chargeState({ paid: 0, due_date: '2026-11-23' }, '2026-11-23')).toBe('open');
  });

  it('finds an open boleto only on an unpaid type-4 charge whose stored answer is a ticket', () => {
    const ticket = JSON.stringify({
      payment_type_id: 'ticket',
      external_reference: '1',
      transaction_details: { external_resource_url: 'http://x/b' },
    });
    expect(openBoleto({ ...base, gateway_response: ticket })).toEqual({ url: 'http://x/b', externalReference: true });
    expect(
      openBoleto({ ...base, gateway_response: JSON.stringify({ payment_type_id: 'ticket', transaction_details: {} }) }),
    ).toEqual({ url: null, externalReference: false });
    expect(openBoleto({ ...base, gateway_response: ticket, paid: 1 })).toBeNull();
    expect(openBoleto({ ...base, gateway_response: ticket, payment_type_id: 3 })).toBeNull();
    expect(openBoleto({ ...base, gateway_response: JSON.stringify({ payment_type_id: 'bank_transfer' }) })).toBeNull();
    expect(openBoleto({ ...base, gateway_response: 'não é JSON' })).toBeNull();
  });
});
