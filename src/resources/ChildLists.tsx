import { Card, CardContent, Typography } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField, type Identifier } from 'react-admin';
import { fieldOf, resourceByName, type ChildListConfig, type ResourceConfig } from '../../resources';
import { isShown, mayDo } from './access';
import { dataTableColumn } from './cells';
import { adminRoutes } from './routes';

/** One list of the record's children: react-admin's `<ReferenceManyField>` over the child's list filter. */
function ChildList({ child }: { child: ChildListConfig }) {
  const target = resourceByName(child.resource);
  if (!target || !mayDo(target, 'list')) return null;
  const columns = (child.columns ?? target.list.phoneColumns ?? target.list.columns).filter((name) =>
    isShown(fieldOf(target, name)),
  );
  return (
    <Card component="section" aria-label={child.label}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {child.label}
        </Typography>
        <ReferenceManyField
          reference={target.adminPath}
          target={child.filter}
          sort={target.list.defaultSort}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10]} />}
          empty={<Typography color="text.secondary">Nenhum registro.</Typography>}
        >
          <DataTable bulkActionButtons={false} rowClick={(id: Identifier) => adminRoutes(target).show(id)}>
            {columns.map((name) => dataTableColumn(fieldOf(target, name), target.sortableFields.includes(name)))}
          </DataTable>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
}

/** The config's `children` on the record's page: a team's students, a polo's teams. */
export function ChildLists({ config }: { config: ResourceConfig }) {
  return (
    <>
      {(config.children ?? []).map((child) => (
        <ChildList key={`${child.resource}-${child.filter}`} child={child} />
      ))}
    </>
  );
}
