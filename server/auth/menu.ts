import { REPORTS } from '../../reports';
import type { ResourceConfig } from '../../resources/types';

export interface MenuGroup {
  text: string;
  icon: string;
  children: { action: string; path: string; icon?: string }[];
}

/** Screens that are not resources but belong in the menu. */
const SCREENS = [
  { group: 'Administração', icon: 'settings', action: 'Configurações da escola', path: '/admin/configuracoes' },
];

/**
 * The menu delivered at login, grouped as the resource configs say. Every signed-in user sees all. Paths are
 * absolute: a client that follows a relative one from `/admin/alunos/40/editar` lands on `/admin/alunos/40/alunos`.
 */
export function buildMenu(configs: ResourceConfig[]): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  for (const config of configs) {
    const group = groups.get(config.menu.group) ?? { text: config.menu.group, icon: config.menu.icon, children: [] };
    group.children.push({ action: config.menu.label, path: `/admin/${config.adminPath}` });
    groups.set(config.menu.group, group);
  }
  for (const screen of SCREENS) {
    const group = groups.get(screen.group) ?? { text: screen.group, icon: screen.icon, children: [] };
    group.children.push({ action: screen.action, path: screen.path, icon: screen.icon });
    groups.set(screen.group, group);
  }
  const menu = [...groups.values()];
  // Every report of the registry, before Administração (which closes the menu).
  const reports: MenuGroup = {
    text: 'Relatórios',
    icon: 'assessment',
    children: REPORTS.map((r) => ({ action: r.title, path: `/admin/reports/${r.path}`, icon: r.icon })),
  };
  const admin = menu.findIndex((g) => g.text === 'Administração');
  menu.splice(admin === -1 ? menu.length : admin, 0, reports);
  return menu;
}
