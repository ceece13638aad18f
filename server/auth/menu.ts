import type { ResourceConfig } from '../../resources/types';

export interface MenuGroup {
  text: string;
  icon: string;
  children: { action: string; path: string }[];
}

/** The menu delivered at login, grouped as the resource configs say. Every signed-in user sees all. */
export function buildMenu(configs: ResourceConfig[]): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  for (const config of configs) {
    const group = groups.get(config.menu.group) ?? { text: config.menu.group, icon: config.menu.icon, children: [] };
    group.children.push({ action: config.menu.label, path: config.adminPath });
    groups.set(config.menu.group, group);
  }
  return [...groups.values()];
}
