import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { canAccessResource, reportsFor } from '../../authProvider/access';

describe("react-admin's canAccess, from the role's permissions", () => {
  const clerk = ['students.read', 'finance.read', 'finance.write'];

  it('lets a role list and show what it reads, and hides create, edit, delete and export without write', () => {
    expect(canAccessResource(clerk, 'alunos', 'list')).toBe(true);
    expect(canAccessResource(clerk, 'alunos', 'show')).toBe(true);
    for (const action of ['create', 'edit', 'delete', 'export'])
      expect(canAccessResource(clerk, 'alunos', action)).toBe(false);
    expect(canAccessResource(clerk, 'usuarios', 'list')).toBe(false);
  });

  it('answers by the resource config: admin path or name', () => {
    expect(canAccessResource(clerk, 'service-types', 'edit')).toBe(true);
    expect(canAccessResource([], 'turmas', 'list')).toBe(false);
    expect(canAccessResource(['teams.read'], 'teams', 'list')).toBe(true);
  });

  it('shows the finance clerk the financial reports, not the general ones', () => {
    const titles = reportsFor(['students.read', 'finance.read', 'reports.financial']).map((r) => r.title);
    expect(titles).toContain('Relatório de inadimplentes');
    expect(titles).not.toContain('Boletim do aluno');
    expect(reportsFor([])).toEqual([]);
  });

  afterEach(() => vi.unstubAllGlobals());

  it("answers react-admin's canAccess the same, the configs loaded when first asked", async () => {
    const stored = new Map([[USER_KEY, JSON.stringify({ permissions: clerk })]]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    expect(await authProvider.canAccess!({ resource: 'alunos', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'alunos', action: 'edit' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'usuarios', action: 'list' })).toBe(false);
  });
});
