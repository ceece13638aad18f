import { lazy, type ComponentType, type ReactNode } from 'react';
import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../../resources';
import type { EditorName } from '../../resources/types';
import { AccessGuard } from './AccessGuard';
import { lazyNamed } from '../components/lazyNamed';
import { editableOnScreen } from './access';
import { representationField } from './RecordTitle';

// Each screen a chunk of its own (issue 36): a teacher opening Minhas aulas downloads none of them.
const ResourceList = lazyNamed(() => import('./ResourceList'), 'ResourceList');
const ResourceShow = lazyNamed(() => import('./ResourceShow'), 'ResourceShow');
const ResourceCreate = lazyNamed(() => import('./ResourceForm'), 'ResourceCreate');
const ResourceEdit = lazyNamed(() => import('./ResourceForm'), 'ResourceEdit');

/** A config's own editor screen (`ui.editor`, src/resources/editors.ts), lazily too; one per name and screen. */
const editorScreens = new Map<string, ComponentType>();
function editorScreen(name: EditorName, screen: 'Create' | 'Edit'): ComponentType {
  const key = `${name}.${screen}`;
  if (!editorScreens.has(key))
    editorScreens.set(
      key,
      lazy(() => import('./editors').then((m) => ({ default: m.editors[name][screen] }))),
    );
  return editorScreens.get(key)!;
}

/** The create and edit screens: the config's own editor when it names one, else the generated forms. */
function formScreens(config: ResourceConfig) {
  const editor = config.ui?.editor;
  if (editor) {
    const [Create, Edit] = [editorScreen(editor, 'Create'), editorScreen(editor, 'Edit')];
    return { create: <Create />, edit: <Edit /> };
  }
  return { create: <ResourceCreate config={config} />, edit: <ResourceEdit config={config} /> };
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
