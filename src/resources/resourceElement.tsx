import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../../resources';
import { ResourceCreate, ResourceEdit } from './ResourceForm';
import { ResourceList } from './ResourceList';
import { ResourceShow } from './ResourceShow';
import { representationField } from './RecordTitle';

/** One react-admin Resource per config, with the Portuguese paths of the spec. */
export function resourceElement(config: ResourceConfig) {
  return (
    <Resource
      key={config.name}
      name={config.adminPath}
      options={{ label: config.labels.plural }}
      list={<ResourceList config={config} />}
      hasCreate={!config.readOnly}
      hasEdit={!config.readOnly}
      hasShow
      recordRepresentation={representationField(config)}
    >
      {!config.readOnly && <Route path="registrar" element={<ResourceCreate config={config} />} />}
      {!config.readOnly && <Route path=":id/editar" element={<ResourceEdit config={config} />} />}
      <Route path=":id/show" element={<ResourceShow config={config} />} />
    </Resource>
  );
}
