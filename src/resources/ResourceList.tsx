import AddIcon from '@mui/icons-material/Add';
import { Button, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, List, Pagination, SearchInput, TopToolbar, type Identifier } from 'react-admin';
import { Link } from 'react-router-dom';
import { fieldOf, listTitle, type ResourceConfig } from '../../resources';
import { fieldColumn } from './cells';
import { PageLinks } from './PageLinks';
import { adminRoutes } from './routes';
import { ACTIONS_CLASS, RowActions } from './RowActions';

function ListActions({ config }: { config: ResourceConfig }) {
  return (
    <TopToolbar>
      <Button component={Link} to={adminRoutes(config).create} variant="contained" startIcon={<AddIcon />}>
        {config.ui?.createLabel ?? 'Adicionar um novo'}
      </Button>
    </TopToolbar>
  );
}

/** A read-only record opens on its page; any other on its form, where the office works on it. */
const rowTarget = (config: ResourceConfig) => (id: Identifier) => (config.readOnly ? adminRoutes(config).show(id) : adminRoutes(config).edit(id));

/** The list screen of a resource, generated from its config (spec §2.7). */
export function ResourceList({ config }: { config: ResourceConfig }) {
  const perPage = config.list.perPage ?? 10;
  const hasActions = !config.readOnly || Boolean(config.ui?.rowActions?.length);
  // Short of space, each row's actions fold into one menu button.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
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
      <Datagrid
        bulkActionButtons={false}
        rowClick={rowTarget(config)}
        size="medium"
        sx={{
          '& th': { whiteSpace: 'nowrap' },
          // The actions stay at the right edge, in view, even when the table must scroll.
          [`& .${ACTIONS_CLASS}`]: { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', whiteSpace: 'nowrap', width: '1%', textAlign: 'right' },
        }}
      >
        {config.list.columns.map((name) => fieldColumn(fieldOf(config, name), config.sortableFields.includes(name)))}
        {hasActions && <RowActions config={config} narrow={narrow} label="Ações" cellClassName={ACTIONS_CLASS} headerClassName={ACTIONS_CLASS} />}
      </Datagrid>
    </List>
  );
}
