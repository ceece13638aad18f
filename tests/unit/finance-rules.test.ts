import { describe, expect, it } from 'vitest';
import { addMonthsKeepingDay, planInstalments } from '../../server/finance/instalments';
import { amountOf, parseMoney } from '../../server/finance/money';
import { boletoNumbers, dueFactor, formatDigitableLine, mod10, mod11Barcode } from '../../server/payments/febraban';
import { signNotification, verifyNotification } from '../../server/payments/signature';

describe('instalments', () => {
  it('keeps the day where the month has it and takes the last day where it does not', () => {
    expect(planInstalments('2025-01-31', 4, 1).map((p) => p.due_date)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
    ]);
    expect(planInstalments('2024-01-31', 2, 1).map((p) => p.due_date)).toEqual(['2024-01-31', '2024-02-29']);
    expect(addMonthsKeepingDay('2023-12-15', 1)).toBe('2024-01-15');
    expect(addMonthsKeepingDay('2024-02-29', 12)).toBe('2025-02-28');
    expect(planInstalments('2026-03-10', 12, 4).map((p) => p.quota)).toEqual([
      4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ]);
    expect(planInstalments('2026-03-10', 12, 1).at(-1)).toEqual({ quota: 12, due_date: '2027-02-10' });
  });
});

describe('money', () => {
  it('reads amounts exactly, as numbers, decimal text or Brazilian text', () => {
    expect(parseMoney(150.2)).toBe(15020);
    expect(parseMoney('150.20')).toBe(15020);
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('R$ 1.234.567,89')).toBe(123456789);
    expect(parseMoney('1.234')).toBe(123400);
    expect(parseMoney('0,1')).toBe(10);
    for (const bad of [0.1 + 0.2, '1,234.56', '12,345', 'abc', true, [1], null, 1e21, Number.NaN, '1.2.3'])
      expect(parseMoney(bad), String(bad)).toBeNull();
  });

  it('never reads a JSON number in the Brazilian format: more than two decimals are refused', () => {
    for (const bad of [33.333, 0.001, 1.234, 1e-7]) expect(parseMoney(bad), String(bad)).toBeNull();
    // The same digits typed as text are the Brazilian thousands.
    expect(parseMoney('33.333')).toBe(3333300);
    expect(parseMoney(33.3)).toBe(3330);
  });

  it('answers centavos as decimal numbers that print exactly', () => {
    expect(JSON.stringify(amountOf(15020))).toBe('150.2');
    expect(JSON.stringify(amountOf(123456789))).toBe('1234567.89');
    expect(amountOf(10) + amountOf(20)).not.toBe(amountOf(30)); // floats cannot add money: sums are made on centavos
    expect(amountOf(10 + 20)).toBe(0.3);
  });
});

describe('boleto numbers (FEBRABAN)', () => {
  it('computes the check digits of a known boleto', () => {
    // Worked by hand: 5·2→1+0, 9·1, 0, 0, 5·2→1+0, 0, 9·2→1+8, 1·1, 0, 0 = 21 → 10 − 1 = 9.
    expect(mod10('0019050095')).toBe(9);
    expect(mod10('0000000000')).toBe(0);
    // Barcode rule (weights 2..9 from the right; 0, 10 and 11 become 1), checked against a separate script.
    expect(mod11Barcode('0019373700000001000500940144816060680935031')).toBe(3);
  });

  it('counts the due factor from 07/10/1997, restarting at 1000 on 22/02/2025', () => {
    expect(dueFactor('2000-07-03')).toBe('1000');
    expect(dueFactor('2025-02-21')).toBe('9999');
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2026-11-23')).toBe(String(1000 + 639));
  });

  it('builds a 44-digit barcode and a 47-digit line whose check digits hold', () => {
    const { barcode, digitableLine } = boletoNumbers('237', 15020, '2026-12-10', '0000000000000000000000042');
    expect(barcode).toMatch(/^\d{44}$/);
    expect(digitableLine).toMatch(/^\d{47}$/);
    expect(Number(barcode[4])).toBe(mod11Barcode(barcode.slice(0, 4) + barcode.slice(5)));
    expect(barcode.slice(9, 19)).toBe('0000015020');
    for (const [start, end] of [
      [0, 9],
      [10, 20],
      [21, 31],
    ])
      expect(Number(digitableLine[end])).toBe(mod10(digitableLine.slice(start, end)));
    expect(digitableLine[32]).toBe(barcode[4]);
    expect(formatDigitableLine(digitableLine)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  });
});

describe('notification signatures', () => {
  const secret = 'segredo-do-webhook';
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const ts = String(now / 1000);

  it('accepts the provider signature over id, request id and ts', () => {
    const signature = signNotification(secret, '123456', 'req-1', ts);
    expect(verifyNotification({ secret, signature, requestId: 'req-1', dataId: '123456', now })).toEqual({ ok: true });
    // The same in milliseconds.
    const ms = String(now);
    expect(
      verifyNotification({
        secret,
        signature: signNotification(secret, '123456', 'req-1', ms),
        requestId: 'req-1',
        dataId: '123456',
        now,
      }),
    ).toEqual({ ok: true });
  });

  it('refuses unsigned, malformed, stale and forged notifications', () => {
    const signature = signNotification(secret, '123456', 'req-1', ts);
    expect(verifyNotification({ secret, requestId: 'req-1', dataId: '123456', now })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(
      verifyNotification({ secret, signature: 'ts=abc,v1=zz', requestId: 'req-1', dataId: '123456', now }),
    ).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyNotification({ secret, signature, requestId: 'req-1', dataId: '123456', now: now + 301_000 })).toEqual(
      { ok: false, reason: 'stale' },
    );
    expect(verifyNotification({ secret, signature, requestId: 'req-1', dataId: '999999', now })).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(verifyNotification({ secret, signature, requestId: 'req-2', dataId: '123456', now })).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(verifyNotification({ secret: 'outro', signature, requestId: 'req-1', dataId: '123456', now })).toEqual({
      ok: false,
      reason: 'forged',
    });
  });
});
