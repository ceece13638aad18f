import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ClearIcon from '@mui/icons-material/ClearAll';
import { Alert, Button, CardContent, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Create,
  Edit,
  Form,
  SaveButton,
  Toolbar,
  useEditContext,
  useNotify,
  useRecordContext,
  useRedirect,
  useSaveContext,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { fixedRowMessage, writableFields, type ResourceConfig } from '../../resources';
import { createSections, editPanels, formHeaders, type CreateSection } from './extras';
import { AttentionNotifier, FormSections } from './FormSections';
import { LoadFailed, useLoadFailure } from './LoadFailed';
import { RecordTabs } from './RecordTabs';
import { RecordTitle } from './RecordTitle';

/** A new record's form: the config's defaults (the server's too), everything else empty. */
export function emptyValues(config: ResourceConfig): Record<string, string | number | null> {
  return Object.fromEntries(writableFields(config).map((f) => [f.name, f.default ?? null]));
}

/** Wide enough for three fields a row; the sectionless forms stay a readable column. */
const formWidth = (config: ResourceConfig) => (config.sections ? 1200 : 900);

function ClearButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outlined" color="inherit" startIcon={<ClearIcon />} onClick={onClick}>
      Limpar
    </Button>
  );
}

/** On create, LIMPAR empties the form (to `empty` when the form is not generated from the config). */
function CreateClearButton({
  config,
  empty,
  onClear,
}: {
  config: ResourceConfig;
  empty?: Record<string, unknown>;
  onClear?: () => void;
}) {
  const form = useFormContext();
  return <ClearButton onClick={() => (form.reset(empty ?? emptyValues(config)), onClear?.())} />;
}

/** On edit, LIMPAR brings back what is stored (spec §2.8). */
function EditClearButton() {
  const form = useFormContext();
  const edit = useEditContext();
  const reload = async () => {
    const fresh = await edit.refetch?.();
    form.reset(fresh?.data ?? edit.record);
  };
  return <ClearButton onClick={() => void reload()} />;
}

/** SALVAR, LIMPAR, VOLTAR: stuck to the bottom of the window, so a long form never hides them. */
export function FormToolbar({
  config,
  mode,
  empty,
  onClear,
}: {
  config: ResourceConfig;
  mode: 'create' | 'edit';
  empty?: Record<string, unknown>;
  /** On create, LIMPAR also empties what lives outside the form (a create section). */
  onClear?: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ position: 'sticky', bottom: 0, zIndex: 2, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1}>
        <SaveButton label="Salvar" alwaysEnable />
        {mode === 'create' ? (
          <CreateClearButton config={config} empty={empty} onClear={onClear} />
        ) : (
          <EditClearButton />
        )}
        <Button variant="outlined" color="inherit" startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
          Voltar
        </Button>
      </Stack>
    </Toolbar>
  );
}

function FormHeader({ config }: { config: ResourceConfig }) {
  const Header = config.ui?.formHeader ? formHeaders[config.ui.formHeader] : undefined;
  return Header ? <Header /> : null;
}

function EditPanels({ config }: { config: ResourceConfig }) {
  return (
    <>
      {(config.ui?.editPanels ?? []).map((name) => {
        const Panel = editPanels[name];
        return <Panel key={name} />;
      })}
    </>
  );
}

/**
 * SimpleForm's layout on react-admin's Form. SimpleForm hands its props to the inner Stack too, and it does
 * not strip `disableInvalidFormNotification` (React warns of an unknown DOM attribute); the generic "invalid
 * form" toast is off because AttentionNotifier says how many fields need attention.
 */
function ConfigForm({
  toolbar,
  defaultValues,
  onSubmit,
  children,
}: {
  toolbar: ReactNode;
  defaultValues?: Record<string, unknown>;
  /** Instead of the page's save (a create section's steps around it). */
  onSubmit?: (values: Record<string, unknown>) => unknown;
  children: ReactNode;
}) {
  return (
    <Form
      defaultValues={defaultValues}
      onSubmit={onSubmit as never}
      warnWhenUnsavedChanges
      disableInvalidFormNotification
    >
      <CardContent>
        <Stack sx={{ alignItems: 'flex-start' }}>{children}</Stack>
      </CardContent>
      {toolbar}
    </Form>
  );
}

/**
 * Where a saved registration leads: a record with tabs (a student: enrolment, finance… come next) opens
 * on its own edit screen; any other goes back to its list.
 */
export function afterCreate(config: ResourceConfig) {
  return (_resource?: string, id?: Identifier) =>
    config.ui?.recordTabs && id !== undefined
      ? `${config.adminPath}/${encodeURIComponent(String(id))}/editar`
      : config.adminPath;
}

/**
 * The form of a create screen with a section (`ui.createSection`): the section is checked before the record is
 * saved, and written once it exists. If that write is refused, the screen stays with everything typed and says
 * so; SALVAR then retries only the section (the record is not registered twice).
 */
function SectionedCreateForm({
  config,
  section,
  saved,
  finish,
}: {
  config: ResourceConfig;
  section: CreateSection;
  saved: RaRecord | null;
  finish: (record: RaRecord) => Promise<void>;
}) {
  const { save } = useSaveContext();
  const submit = (values: Record<string, unknown>) => {
    if (saved) return finish(saved);
    if (!section.check()) return;
    return save?.(values);
  };
  return (
    <ConfigForm
      toolbar={<FormToolbar config={config} mode="create" onClear={section.clear} />}
      defaultValues={emptyValues(config)}
      onSubmit={submit}
    >
      <AttentionNotifier />
      {saved && (
        <Alert severity="warning" sx={{ mb: 2, width: '100%' }}>
          {config.labels.singular} registrado(a), mas a parte abaixo ainda não foi gravada: corrija o que está em
          vermelho e clique em Salvar de novo (o registro não é repetido).
        </Alert>
      )}
      <FormSections config={config} mode="create" />
      {section.element}
    </ConfigForm>
  );
}

function SectionedCreate({ config, useSection }: { config: ResourceConfig; useSection: () => CreateSection }) {
  const section = useSection();
  const notify = useNotify();
  const redirect = useRedirect();
  const [saved, setSaved] = useState<RaRecord | null>(null);
  const finish = async (record: RaRecord) => {
    setSaved(record);
    if (!(await section.afterSave(record))) return;
    notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
    redirect(afterCreate(config), config.adminPath, record.id, record);
  };
  return (
    <Create
      title={`Registrar ${config.labels.singular.toLowerCase()}`}
      mutationOptions={{ onSuccess: (record: RaRecord) => finish(record) }}
      sx={{ maxWidth: formWidth(config) }}
    >
      <SectionedCreateForm config={config} section={section} saved={saved} finish={finish} />
    </Create>
  );
}

/** Registration screen generated from the config (spec §2.8). */
export function ResourceCreate({ config }: { config: ResourceConfig }) {
  const sectionName = config.ui?.createSection;
  if (sectionName) return <SectionedCreate config={config} useSection={createSections[sectionName]} />;
  return (
    <Create
      title={`Registrar ${config.labels.singular.toLowerCase()}`}
      redirect={afterCreate(config)}
      sx={{ maxWidth: formWidth(config) }}
    >
      <ConfigForm toolbar={<FormToolbar config={config} mode="create" />} defaultValues={emptyValues(config)}>
        <AttentionNotifier />
        <FormSections config={config} mode="create" />
      </ConfigForm>
    </Create>
  );
}

function EditForm({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  // Reached by its address: a fixed row (a system user) has no form to fill in, only the reason.
  const fixed = record && fixedRowMessage(config, record.id);
  if (fixed) {
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        {fixed}
      </Alert>
    );
  }
  return (
    <>
      <ConfigForm toolbar={<FormToolbar config={config} mode="edit" />}>
        <AttentionNotifier />
        <FormHeader config={config} />
        <FormSections config={config} mode="edit" />
      </ConfigForm>
      <EditPanels config={config} />
    </>
  );
}

function EditLoadFailed() {
  return <LoadFailed error={useEditContext().error} />;
}

/** Edit screen generated from the config; pessimistic, so the server's 422 reaches the fields. */
export function ResourceEdit({ config }: { config: ResourceConfig }) {
  const tabs = config.ui?.recordTabs;
  const loadFailure = useLoadFailure();
  return (
    <Edit
      title={<RecordTitle config={config} prefix={`Editar ${config.labels.singular.toLowerCase()}`} />}
      queryOptions={loadFailure}
      error={<EditLoadFailed />}
      mutationMode="pessimistic"
      redirect={() => config.adminPath}
      // With tabs, the record's own tabs carry the card; the pendencies table may need the whole width.
      component={tabs ? 'div' : undefined}
      sx={{ maxWidth: tabs ? 'none' : formWidth(config) }}
    >
      {tabs ? (
        <RecordTabs name={tabs} maxWidth={formWidth(config)}>
          <EditForm config={config} />
        </RecordTabs>
      ) : (
        <EditForm config={config} />
      )}
    </Edit>
  );
}
