import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Tooltip } from '@mui/material';
import { Datagrid, List, Pagination, SearchInput, TopToolbar, useGetIdentity, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { fieldOf, listTitle, type ResourceConfig } from '../../resources';
import { fieldColumn } from './cells';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { PageLinks } from './PageLinks';
import { rowActions } from './extras';
import { adminRoutes } from './routes';

// `label` is read by the Datagrid for the column header.
function EditLink({ config }: { config: ResourceConfig; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Tooltip title="Editar">
      <IconButton component={Link} to={adminRoutes(config).edit(record.id)} aria-label="Editar" color="primary" size="small">
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function ListActions({ config }: { config: ResourceConfig }) {
  return (
    <TopToolbar>
      <Button component={Link} to={adminRoutes(config).create} variant="contained" startIcon={<AddIcon />}>
        {config.ui?.createLabel ?? 'Adicionar um novo'}
      </Button>
    </TopToolbar>
  );
}

/** Delete per row; hidden on the signed-in user's own record where the config asks (users). */
function RowDelete({ config }: { config: ResourceConfig; label?: string }) {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (config.ui?.hideDeleteForSelf && record && identity && String(record.id) === String(identity.id)) return null;
  return <ConfirmDeleteButton label="Remover" />;
}

/** The list screen of a resource, generated from its config (spec §2.7). */
export function ResourceList({ config }: { config: ResourceConfig }) {
  const perPage = config.list.perPage ?? 10;
  return (
    <List
      title={listTitle(config)}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Filtrar a lista abaixo" sx={{ minWidth: 320 }} />]}
      sort={config.list.defaultSort}
      perPage={perPage}
      pagination={<Pagination rowsPerPageOptions={config.list.perPageOptions ?? [10, 25, 50]} actions={PageLinks} />}
      actions={config.readOnly ? false : <ListActions config={config} />}
      empty={false}
      disableSyncWithLocation={false}
      storeKey={`${config.name}.list`}
      sx={{ '& .RaList-content': { overflowX: 'auto' } }}
    >
      <Datagrid bulkActionButtons={false} rowClick={config.readOnly ? 'show' : false} size="medium">
        {config.list.columns.map((name) => fieldColumn(fieldOf(config, name), config.sortableFields.includes(name)))}
        {(config.ui?.rowActions ?? []).map((name) => {
          const Action = rowActions[name];
          return <Action key={name} />;
        })}
        {!config.readOnly && <EditLink config={config} label="Editar" />}
        {!config.readOnly && <RowDelete config={config} label="Remover" />}
      </Datagrid>
    </List>
  );
}
