import { REPORTS } from '../../reports';
import type { ResourceConfig } from '../../resources/types';

export interface MenuGroup {
  text: string;
  icon: string;
  children: { action: string; path: string; icon?: string }[];
}

/** Screens that are not resources but belong in the menu. */
const SCREENS = [
  // The teacher's diary (src/lessons/): whoever enters grades records lessons and roll calls.
  { group: 'Pedagógico', icon: 'event', action: 'Minhas aulas', path: '/admin/minhas-aulas', access: 'grades.write' },
  {
    group: 'Administração',
    icon: 'settings',
    action: 'Configurações da escola',
    path: '/admin/configuracoes',
    access: 'settings.manage',
  },
  // The background work (server/jobs): e-mail delivery, families' notices, reminders, reconciliation.
  { group: 'Administração', icon: 'schedule', action: 'Tarefas', path: '/admin/tarefas', access: 'settings.manage' },
  // The NFS-e of the payments, the rejected ones first for the clerk to fix and resubmit (issue 41).
  {
    group: 'Financeiro',
    icon: 'description',
    action: 'Notas fiscais',
    path: '/admin/notas-fiscais',
    access: 'invoices.manage',
  },
  // Spreadsheets into the school's records (src/imports/): the office's way in (issue 37).
  { group: 'Administração', icon: 'upload', action: 'Importar', path: '/admin/importar', access: 'imports.run' },
  // The Censo Escolar (src/census/): its problems, the files for INEP and INEP's return file (issue 40).
  {
    group: 'Administração',
    icon: 'assessment',
    action: 'Censo Escolar',
    path: '/admin/censo',
    access: 'census.manage',
  },
];

/**
 * The menu delivered at login, grouped as the resource configs say: what the role's `permissions` may open
 * (everything when none are given). A role confined to its own teams (a professor, server/teams/reach.ts) gets
 * what teaching needs: the records its teams reach (Alunos, Turmas), its screens and reports, not the school's
 * master data, which it reads only through its classes. Paths are
 * absolute: a client that follows a relative one from `/admin/alunos/40/editar` lands on `/admin/alunos/40/alunos`.
 */
export function buildMenu(configs: ResourceConfig[], permissions?: string[], confined = false): MenuGroup[] {
  const may = (access: string | undefined) => !permissions || !access || permissions.includes(access);
  const groups = new Map<string, MenuGroup>();
  for (const config of configs.filter((c) => may(c.access?.read) && (!confined || c.teamScope))) {
    const group = groups.get(config.menu.group) ?? { text: config.menu.group, icon: config.menu.icon, children: [] };
    group.children.push({ action: config.menu.label, path: `/admin/${config.adminPath}` });
    groups.set(config.menu.group, group);
  }
  for (const screen of SCREENS.filter((s) => may(s.access))) {
    const group = groups.get(screen.group) ?? { text: screen.group, icon: screen.icon, children: [] };
    group.children.push({ action: screen.action, path: screen.path, icon: screen.icon });
    groups.set(screen.group, group);
  }
  const menu = [...groups.values()];
  // Every report of the registry, before Administração (which closes the menu).
  const reports: MenuGroup = {
    text: 'Relatórios',
    icon: 'assessment',
    children: REPORTS.filter((r) => may(r.access)).map((r) => ({
      action: r.title,
      path: `/admin/reports/${r.path}`,
      icon: r.icon,
    })),
  };
  const admin = menu.findIndex((g) => g.text === 'Administração');
  if (reports.children.length > 0) menu.splice(admin === -1 ? menu.length : admin, 0, reports);
  return menu;
}
