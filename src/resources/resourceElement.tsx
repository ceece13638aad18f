import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../../resources';
import { editors } from './editors';
import { ResourceCreate, ResourceEdit } from './ResourceForm';
import { ResourceList } from './ResourceList';
import { ResourceShow } from './ResourceShow';
import { representationField } from './RecordTitle';
import { editableOnScreen } from './RowActions';

/** The create and edit screens: the config's own editor when it names one, else the generated forms. */
function formScreens(config: ResourceConfig) {
  const editor = config.ui?.editor && editors[config.ui.editor];
  return editor
    ? { create: <editor.Create />, edit: <editor.Edit /> }
    : { create: <ResourceCreate config={config} />, edit: <ResourceEdit config={config} /> };
}

/** One react-admin Resource per config, with the Portuguese paths of the spec. */
export function resourceElement(config: ResourceConfig) {
  const editable = editableOnScreen(config);
  const screens = formScreens(config);
  return (
    <Resource
      key={config.name}
      name={config.adminPath}
      options={{ label: config.labels.plural }}
      list={<ResourceList config={config} />}
      hasCreate={editable}
      hasEdit={editable}
      hasShow
      recordRepresentation={representationField(config)}
    >
      {editable && <Route path="registrar" element={screens.create} />}
      {editable && <Route path=":id/editar" element={screens.edit} />}
      <Route path=":id/show" element={<ResourceShow config={config} />} />
    </Resource>
  );
}
