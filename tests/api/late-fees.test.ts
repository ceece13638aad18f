import { expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

describeOnDatabases('late fees and punctuality discount in the school settings', (dialect) => {
  const fresh = serverPerFile(dialect);

  it('starts at 2 % fine, 1 % interest a month and no punctuality discount, and saves what the school sets', async () => {
    const settings = (await fresh.call('GET', '/api/school-settings')).body.data;
    expect(settings.late_fees).toEqual({ fine_percent: 2, interest_percent: 1, punctuality: null });

    const saved = await fresh.call('PUT', '/api/school-settings', {
      ...settings,
      late_fees: {
        fine_percent: '1,5',
        interest_percent: 0.33,
        punctuality: { kind: 'amount', value: '25,50', days_before: 5 },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.late_fees).toEqual({
      fine_percent: 1.5,
      interest_percent: 0.33,
      punctuality: { kind: 'amount', value: 25.5, days_before: 5 },
    });
    // A client that does not send the late fees leaves them as they were.
    const { late_fees: _fees, ...withoutFees } = settings;
    const kept = await fresh.call('PUT', '/api/school-settings', withoutFees);
    expect(kept.status).toBe(200);
    expect(kept.body.data.late_fees.fine_percent).toBe(1.5);

    const off = await fresh.call('PUT', '/api/school-settings', {
      ...settings,
      late_fees: { fine_percent: 2, interest_percent: 1, punctuality: null },
    });
    expect(off.body.data.late_fees).toEqual({ fine_percent: 2, interest_percent: 1, punctuality: null });
  });

  it('refuses a fine above 2 % or below 0, and a bad discount, in Portuguese', async () => {
    const settings = (await fresh.call('GET', '/api/school-settings')).body.data;
    const put = (late_fees: unknown) => fresh.call('PUT', '/api/school-settings', { ...settings, late_fees });
    for (const fine of [2.01, '3', -1, '-0,5', 'dois']) {
      const bad = await put({ fine_percent: fine, interest_percent: 1, punctuality: null });
      expect(bad.status, String(fine)).toBe(422);
      expect(bad.body.errors.late_fees).toEqual([
        'A multa por atraso deve ser de 0% a 2% (Código de Defesa do Consumidor, art. 52, § 1º).',
      ]);
    }
    const interest = await put({ fine_percent: 2, interest_percent: 11, punctuality: null });
    expect(interest.status).toBe(422);
    expect(interest.body.message).toMatch(/juros de mora/);
    const percent = await put({
      fine_percent: 2,
      interest_percent: 1,
      punctuality: { kind: 'percent', value: 101, days_before: 3 },
    });
    expect(percent.status).toBe(422);
    expect(percent.body.errors.late_fees).toEqual([
      'O desconto de pontualidade deve ser um percentual maior que 0 e até 100%.',
    ]);
    const days = await put({
      fine_percent: 2,
      interest_percent: 1,
      punctuality: { kind: 'percent', value: 5, days_before: -1 },
    });
    expect(days.status).toBe(422);
    expect(days.body.message).toMatch(/dias de antecedência do desconto/);
    const kind = await put({
      fine_percent: 2,
      interest_percent: 1,
      punctuality: { kind: 'x', value: 5, days_before: 1 },
    });
    expect(kind.status).toBe(422);
    expect((await fresh.call('GET', '/api/school-settings')).body.data.late_fees.fine_percent).toBe(2);
  });
});
