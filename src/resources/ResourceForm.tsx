import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ClearIcon from '@mui/icons-material/ClearAll';
import { Button, Stack } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { Create, Edit, SaveButton, SimpleForm, Toolbar, useEditContext, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { writableFields, type ResourceConfig } from '../../resources';
import { editPanels, formHeaders } from './extras';
import { FieldInput, type FormMode } from './inputs';

/** A new record's form: the config's defaults (the server's too), everything else empty. */
export function emptyValues(config: ResourceConfig): Record<string, string | number | null> {
  return Object.fromEntries(writableFields(config).map((f) => [f.name, f.default ?? null]));
}

function ClearButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outlined" color="inherit" startIcon={<ClearIcon />} onClick={onClick}>
      Limpar
    </Button>
  );
}

/** On create, LIMPAR empties the form. */
function CreateClearButton({ config }: { config: ResourceConfig }) {
  const form = useFormContext();
  return <ClearButton onClick={() => form.reset(emptyValues(config))} />;
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

function FormToolbar({ config, mode }: { config: ResourceConfig; mode: 'create' | 'edit' }) {
  const navigate = useNavigate();
  return (
    <Toolbar>
      <Stack direction="row" spacing={1}>
        <SaveButton label="Salvar" alwaysEnable />
        {mode === 'create' ? <CreateClearButton config={config} /> : <EditClearButton />}
        <Button variant="outlined" color="inherit" startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
          Voltar
        </Button>
      </Stack>
    </Toolbar>
  );
}

function Fields({ config, mode }: { config: ResourceConfig; mode: FormMode }) {
  return (
    <>
      {writableFields(config).map((field) => (
        <FieldInput key={field.name} field={field} mode={mode} />
      ))}
    </>
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

/** Registration screen generated from the config (spec §2.8). */
export function ResourceCreate({ config }: { config: ResourceConfig }) {
  const notify = useNotify();
  return (
    <Create
      title={`Registrar ${config.labels.singular.toLowerCase()}`}
      redirect={() => config.adminPath}
      sx={{ maxWidth: 900 }}
    >
      <SimpleForm toolbar={<FormToolbar config={config} mode="create" />} defaultValues={emptyValues(config)} onInvalid={() => notify('Verifique os campos destacados.', { type: 'warning' })}>
        <Fields config={config} mode="create" />
      </SimpleForm>
    </Create>
  );
}

/** Edit screen generated from the config; pessimistic, so the server's 422 reaches the fields. */
export function ResourceEdit({ config }: { config: ResourceConfig }) {
  return (
    <Edit title={`Editar ${config.labels.singular.toLowerCase()}`} mutationMode="pessimistic" redirect={() => config.adminPath} sx={{ maxWidth: 900 }}>
      <SimpleForm toolbar={<FormToolbar config={config} mode="edit" />}>
        <FormHeader config={config} />
        <Fields config={config} mode="edit" />
      </SimpleForm>
      <EditPanels config={config} />
    </Edit>
  );
}
