import type { ReactNode } from 'react';
import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../../resources';
import { AccessGuard } from './AccessGuard';
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

/** One react-admin Resource per config, with the Portuguese paths of the spec; each screen for the roles it is for. */
export function resourceElement(config: ResourceConfig) {
  const editable = editableOnScreen(config);
  const screens = formScreens(config);
  const guard = (action: 'list' | 'show' | 'create' | 'edit', screen: ReactNode) => (
    <AccessGuard resource={config.adminPath} action={action}>
      {screen}
    </AccessGuard>
  );
  return (
    <Resource
      key={config.name}
      name={config.adminPath}
      options={{ label: config.labels.plural }}
      list={guard('list', <ResourceList config={config} />)}
      hasCreate={editable}
      hasEdit={editable}
      hasShow
      recordRepresentation={representationField(config)}
    >
      {editable && <Route path="registrar" element={guard('create', screens.create)} />}
      {editable && <Route path=":id/editar" element={guard('edit', screens.edit)} />}
      <Route path=":id/show" element={guard('show', <ResourceShow config={config} />)} />
    </Resource>
  );
}
