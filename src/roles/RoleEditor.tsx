import { Alert, CardContent, CircularProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Create, Edit, Form, TextInput, useEditContext, useRecordContext } from 'react-admin';
import { ADMIN_ROLE, type Permission } from '../../resources/permissions';
import { roles } from '../../resources/roles';
import { useApi } from '../api/useApi';
import { AttentionNotifier } from '../resources/FormSections';
import { LoadFailed, useLoadFailure } from '../resources/LoadFailed';
import { RecordTitle } from '../resources/RecordTitle';
import { FormToolbar } from '../resources/ResourceForm';
import { PermissionsInput } from './PermissionsInput';

const EMPTY = { name: '', key: '', permissions: [] as string[] };
const WIDTH = 900;
const REQUIRED_NAME = 'O campo Nome é obrigatório.';

/**
 * The permission catalogue as the server has it (`GET /permissions`), or the one given (a story). Read once
 * per screen: it changes only with a new version of the system.
 */
export function usePermissionCatalogue(given?: Permission[]): { catalogue?: Permission[]; error?: string } {
  const api = useApi();
  const { data, error } = useQuery({
    queryKey: ['perfis', 'permissoes'],
    queryFn: () => api.getPermissionCatalogue(),
    enabled: !given,
    staleTime: Infinity,
    retry: false,
  });
  if (given) return { catalogue: given };
  if (error) return { error: error.message || 'Erro ao carregar as permissões.' };
  return { catalogue: data };
}

/** What the server takes: the key only on create (and only when typed: else it is made from the name). */
function toRequest(mode: 'create' | 'edit') {
  return (data: Record<string, unknown>) => {
    const key = typeof data.key === 'string' ? data.key.trim() : '';
    return {
      name: data.name,
      ...(mode === 'create' && key ? { key } : {}),
      permissions: Array.isArray(data.permissions) ? data.permissions : [],
    };
  };
}

const requireName = (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : REQUIRED_NAME);
requireName.isRequired = true;

/** Name, key and the permissions of a role; the key is typed only when the role is created. */
function RoleFields({ mode, catalogue }: { mode: 'create' | 'edit'; catalogue: Permission[] }) {
  const record = useRecordContext();
  const isAdmin = record?.key === ADMIN_ROLE;
  let keyHelp = 'Letras minúsculas sem acento, números ou _. Em branco, é criada a partir do nome.';
  if (mode === 'edit')
    keyHelp = record?.builtin
      ? 'A chave de um perfil padrão não pode ser alterada.'
      : 'A chave não muda depois que o perfil é criado.';
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} columnGap={2} sx={{ width: '100%' }}>
        <TextInput
          source="name"
          label="Nome"
          validate={requireName}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <TextInput
          source="key"
          label="Chave"
          helperText={keyHelp}
          disabled={mode === 'edit'}
          readOnly={mode === 'edit'}
          fullWidth
          // The grey of a disabled field's help is too faint to read (axe: colour contrast); this one explains why.
          sx={{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
          slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: 'none' } }}
        />
      </Stack>
      <PermissionsInput
        catalogue={catalogue}
        locked={isAdmin ? ['users.manage'] : []}
        lockedReason="O perfil Administração precisa manter a permissão de gerenciar usuários e perfis."
      />
    </>
  );
}

function RoleForm({ mode, catalogue }: { mode: 'create' | 'edit'; catalogue?: Permission[] }) {
  const { catalogue: loaded, error } = usePermissionCatalogue(catalogue);
  if (error)
    return (
      <CardContent>
        <Alert severity="error">{error}</Alert>
      </CardContent>
    );
  if (!loaded)
    return (
      <CardContent>
        <CircularProgress size={24} aria-label="Carregando as permissões" />
      </CardContent>
    );
  return (
    <Form defaultValues={mode === 'create' ? EMPTY : undefined} warnWhenUnsavedChanges disableInvalidFormNotification>
      <CardContent>
        <AttentionNotifier />
        <RoleFields mode={mode} catalogue={loaded} />
      </CardContent>
      <FormToolbar config={roles} mode={mode} empty={EMPTY} />
    </Form>
  );
}

/** Registrar perfil: a name, perhaps a key, and the permissions from the server's catalogue. */
export function RoleCreate({ catalogue }: { catalogue?: Permission[] }) {
  return (
    <Create title="Registrar perfil" redirect="list" transform={toRequest('create')} sx={{ maxWidth: WIDTH }}>
      <RoleForm mode="create" catalogue={catalogue} />
    </Create>
  );
}

function EditLoadFailed() {
  return <LoadFailed error={useEditContext().error} />;
}

/** Editar perfil: pessimistic, so the server's refusals (422 under the fields, 409 as a toast) keep the form. */
export function RoleEdit({ catalogue }: { catalogue?: Permission[] }) {
  return (
    <Edit
      title={<RecordTitle config={roles} prefix="Editar perfil" />}
      queryOptions={useLoadFailure()}
      error={<EditLoadFailed />}
      mutationMode="pessimistic"
      redirect="list"
      transform={toRequest('edit')}
      sx={{ maxWidth: WIDTH }}
    >
      <RoleForm mode="edit" catalogue={catalogue} />
    </Edit>
  );
}
