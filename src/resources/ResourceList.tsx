import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, ExportButton, FilterButton, List, Pagination, TopToolbar, type Identifier } from 'react-admin';
import { Link } from 'react-router-dom';
import { ALL_ROWS } from '../../dataProvider';
import { fieldOf, listTitle, type ResourceConfig } from '../../resources';
import { BulkActions } from './BulkActions';
import { CardList } from './CardList';
import { dataTableColumn } from './cells';
import { csvExporter } from './csv';
import { listFilterInputs } from './filterInputs';
import { useInitialFilters } from './initialFilters';
import { PageLinks } from './PageLinks';
import { adminRoutes } from './routes';
import { ACTIONS_CLASS, editableOnScreen, RowActions } from './RowActions';
import { isShown, mayDo } from './access';

/** The list's columns the signed-in user may see (personal data only with `students.personal`). */
const shownColumns = (config: ResourceConfig, names = config.list.columns) =>
  names.filter((name) => isShown(fieldOf(config, name)));

/** A bespoke screen about the list's records (Possíveis duplicados): only its icon on a phone, as Exportar. */
function ListLink({ label, path }: { label: string; path: string }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return phone ? (
    <IconButton component={Link} to={path} aria-label={label} title={label} color="primary" size="small">
      <ContentCopyIcon />
    </IconButton>
  ) : (
    <Button component={Link} to={path} startIcon={<ContentCopyIcon />}>
      {label}
    </Button>
  );
}

/**
 * Above the list: Filtros (the filters not shown, and the saved queries: save the current one, open one), Exportar
 * (a CSV of every row the filters show) and the create button where the role may create.
 */
function ListActions({ config }: { config: ResourceConfig }) {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButton exporter={csvExporter(config)} maxResults={ALL_ROWS} />
      {config.ui?.listLink && mayDo(config, 'edit') && <ListLink {...config.ui.listLink} />}
      {editableOnScreen(config) && mayDo(config, 'create') && (
        <Button component={Link} to={adminRoutes(config).create} variant="contained" startIcon={<AddIcon />}>
          {config.ui?.createLabel ?? 'Adicionar um novo'}
        </Button>
      )}
    </TopToolbar>
  );
}

/**
 * A read-only record opens on its page; any other on its form, where the office works on it (on its page for
 * a role that may not change it: a teacher's Turmas and Alunos).
 */
const rowTarget = (config: ResourceConfig) => (id: Identifier) =>
  editableOnScreen(config) && mayDo(config, 'edit') && !config.ui?.rowOpensShow
    ? adminRoutes(config).edit(id)
    : adminRoutes(config).show(id);

/** The list screen of a resource, generated from its config (spec §2.7). */
export function ResourceList({ config }: { config: ResourceConfig }) {
  const perPage = config.list.perPage ?? 10;
  const hasActions = editableOnScreen(config) || Boolean(config.ui?.rowActions?.length);
  // A phone shows a card per record, with the columns that tell the records apart (the others are on its page).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = shownColumns(config, (phone && config.list.phoneColumns) || config.list.columns);
  const initial = useInitialFilters(config);
  if (!initial.ready) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <List
        title={listTitle(config)}
        filters={listFilterInputs(config, !phone)}
        filterDefaultValues={initial.values}
        sort={config.list.defaultSort}
        perPage={perPage}
        pagination={<Pagination rowsPerPageOptions={config.list.perPageOptions ?? [10, 25, 50]} actions={PageLinks} />}
        actions={<ListActions config={config} />}
        exporter={csvExporter(config)}
        empty={false}
        disableSyncWithLocation={false}
        storeKey={`${config.name}.list`}
        // The cards of a phone scroll sideways in the list's box, the table in its own wrapper (below): a scrolling box
        // clips what leaves it, and the bar of the selected rows' actions rises 48 px over the table onto the list's
        // buttons, which stayed clickable through the cut bar.
        sx={{ '& .RaList-content': { overflowX: phone ? 'auto' : undefined } }}
      >
        {phone ? (
          <CardList config={config} columns={columns} target={rowTarget(config)} />
        ) : (
          <DataTable
            bulkActionButtons={<BulkActions config={config} />}
            rowClick={rowTarget(config)}
            size="medium"
            sx={{
              // Compact cells: a dozen columns fit beside the menu at 1366 px.
              '& .RaDataTable-headerCell, & .RaDataTable-rowCell': { px: 1, fontSize: '0.8125rem' },
              '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
              // The actions stay at the right edge, in view, even when the table must scroll.
              [`& .${ACTIONS_CLASS}`]: {
                position: 'sticky',
                right: 0,
                zIndex: 1,
                bgcolor: 'background.paper',
                whiteSpace: 'nowrap',
                width: '1%',
                textAlign: 'right',
              },
            }}
          >
            {columns.map((name) => dataTableColumn(fieldOf(config, name), config.sortableFields.includes(name)))}
            {hasActions && (
              <DataTable.Col label="Ações" disableSort cellClassName={ACTIONS_CLASS} headerClassName={ACTIONS_CLASS}>
                <RowActions config={config} />
              </DataTable.Col>
            )}
          </DataTable>
        )}
      </List>
    </Box>
  );
}
