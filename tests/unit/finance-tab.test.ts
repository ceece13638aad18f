import { describe, expect, it } from 'vitest';
import {
  chargeState,
  maskCents,
  moneyToNumber,
  openBoleto,
  parseQuantity,
  type Charge,
} from '../../src/finance/charges';
import { settledMoney, typedMoney } from '../../src/components/money';

const base = {
  id: 1,
  paid: 0,
  payment_type_id: 4,
  due_date: '2027-03-10',
  gateway_response: null,
} as unknown as Charge;

describe('the FINANCEIRO tab rules', () => {
  it('reads money as a Brazilian types it and sends it as the exact decimal number', () => {
    // Never filled from the centavos: "500" is R$ 500,00 (issue 35).
    for (const [typed, shown] of [
      ['500', '500,00'],
      ['500,00', '500,00'],
      ['500,5', '500,50'],
      ['1.500', '1.500,00'],
      ['1234567,89', '1.234.567,89'],
      ['0,1', '0,10'],
    ])
      expect(settledMoney(typed), typed).toBe(shown);
    expect(settledMoney('12,345')).toBe('12,345');
    expect(typedMoney('R$ 1.5a00')).toBe('1.500');
    expect(maskCents(123456)).toBe('1.234,56');
    expect(moneyToNumber('1.234.567,89')).toBe(1234567.89);
    expect(moneyToNumber('1.500')).toBe(1500);
    expect(moneyToNumber('500,5')).toBe(500.5);
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
