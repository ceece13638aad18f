import type { Identifier } from 'react-admin';
import type { ResourceConfig } from '../../resources';

/** Admin paths of a resource (spec §2.1): `ensinos`, `ensinos/registrar`, `ensinos/{id}/editar`. */
export function adminRoutes(config: ResourceConfig) {
  const base = `/admin/${config.adminPath}`;
  return {
    list: base,
    create: `${base}/registrar`,
    edit: (id: Identifier) => `${base}/${id}/editar`,
    show: (id: Identifier) => `${base}/${id}/show`,
  };
}
