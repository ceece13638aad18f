import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetIdentity, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { fixedRowMessage, type ResourceConfig } from '../../resources';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { rowActions } from './extras';
import { adminRoutes } from './routes';
import { editableOnScreen, mayDo } from './access';

/** Class of the actions column: kept in view at the right edge however wide the table grows. */
export const ACTIONS_CLASS = 'acoes';

export { editableOnScreen };

/**
 * Whether the row may be edited: not in a read-only resource, nor one of its fixed rows (a system user), nor by
 * a role without the resource's write permission.
 */
export function useCanEdit(config: ResourceConfig): boolean {
  const record = useRecordContext();
  if (!editableOnScreen(config) || !mayDo(config, 'edit')) return false;
  return !(record && fixedRowMessage(config, record.id));
}

function useCanDelete(config: ResourceConfig): boolean {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!useCanEdit(config)) return false;
  // Nobody removes their own account (users).
  return !(config.ui?.hideDeleteForSelf && record && identity && String(record.id) === String(identity.id));
}

function IconLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={to} aria-label={label} color="primary" size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The row's actions in one column: the config's named actions, then Exibir, Editar and Remover, each its own
 * button at every width (a "⋮" menu hid Editar and Remover at 1366 px; the column stays in view at the right
 * edge, ResourceList.tsx). A click here never opens the row.
 */
// `label` is read by the Datagrid for the column header; the class names pin the column.
export function RowActions({
  config,
}: {
  config: ResourceConfig;
  label?: string;
  cellClassName?: string;
  headerClassName?: string;
}) {
  const record = useRecordContext();
  const canEdit = useCanEdit(config);
  const canDelete = useCanDelete(config);
  if (!record) return null;
  const routes = adminRoutes(config);
  return (
    <Box
      onClick={(e) => e.stopPropagation()}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.25, justifyContent: 'flex-end' }}
    >
      {(config.ui?.rowActions ?? []).map((name) => {
        const Action = rowActions[name];
        return <Action key={name} />;
      })}
      {editableOnScreen(config) && (
        <IconLink to={routes.show(record.id)} label="Exibir" icon={<VisibilityIcon fontSize="small" />} />
      )}
      {canEdit && <IconLink to={routes.edit(record.id)} label="Editar" icon={<EditIcon fontSize="small" />} />}
      {canDelete && <ConfirmDeleteButton label="Remover" />}
    </Box>
  );
}
