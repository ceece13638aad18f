import { Box, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  useList,
} from 'react-admin';
import { IMPORT_STATUS_LABELS, LEGACY_KIND, importKindLabel } from '../../resources/import-kinds';
import type { ImportView } from './imports';

/** "Alunos e responsáveis", or "Sistema anterior (escola-antiga.com.br)": a copy names the host it came from. */
const kindOf = (r: ImportView) =>
  r.kind === LEGACY_KIND && r.file_name ? `${importKindLabel(r.kind)} (${r.file_name})` : importKindLabel(r.kind);

/** The latest imports, who ran each and how it ended. */
export function ImportHistory({ imports, total }: { imports: ImportView[]; total: number }) {
  const list = useList({ data: imports, perPage: imports.length || 1 });
  return (
    <Box component="section" aria-labelledby="import-history" sx={{ mt: 4 }}>
      <Typography id="import-history" variant="h6" component="h2">
        Importações recentes
      </Typography>
      {imports.length === 0 ? (
        <Typography color="text.secondary">Nenhuma importação feita ainda.</Typography>
      ) : (
        // A narrow screen scrolls the table sideways instead of cutting its last columns; the keyboard scrolls it too.
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Tabela das importações recentes">
          <ResourceContextProvider value="importacoes">
            <ListContextProvider value={list}>
              <DataTable bulkActionButtons={false} rowClick={false}>
                <DataTable.Col source="created_at" label="Data" disableSort>
                  <DateField source="created_at" showTime locales="pt-BR" />
                </DataTable.Col>
                <DataTable.Col label="Tipo" disableSort>
                  <FunctionField<ImportView> render={kindOf} />
                </DataTable.Col>
                <DataTable.Col label="Arquivo" disableSort>
                  <FunctionField<ImportView> render={(r) => (r.kind === LEGACY_KIND ? '—' : (r.file_name ?? '—'))} />
                </DataTable.Col>
                <DataTable.Col label="Situação" disableSort>
                  <FunctionField<ImportView> render={(r) => IMPORT_STATUS_LABELS[r.status] ?? r.status} />
                </DataTable.Col>
                <DataTable.NumberCol source="created" label="Novos" disableSort />
                <DataTable.NumberCol source="updated" label="Alterados" disableSort />
                <DataTable.Col label="Por" disableSort>
                  <FunctionField<ImportView> render={(r) => r.created_by?.name ?? '—'} />
                </DataTable.Col>
              </DataTable>
            </ListContextProvider>
          </ResourceContextProvider>
        </Box>
      )}
      {total > imports.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Mostrando as {imports.length} mais recentes de {total}.
        </Typography>
      )}
    </Box>
  );
}
