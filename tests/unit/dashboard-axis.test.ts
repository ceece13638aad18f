import { describe, expect, it } from 'vitest';
import { axisLayout } from '../../src/admin/DashboardCharts';
import { monthLabel } from '../../src/admin/reports';

describe("the dashboard charts' x labels", () => {
  it('slant six month labels, which do not fit side by side in a third of a 1366 px screen', () => {
    const months = ['2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11'].map(monthLabel);
    expect(axisLayout(months).angle).not.toBe(0);
  });

  it('keep a few short labels flat', () => {
    expect(axisLayout(['A', 'B', 'C']).angle).toBe(0);
  });
});
