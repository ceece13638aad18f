import { Box, Typography } from '@mui/material';
import { DataTable, ListContextProvider, Pagination, ResourceContextProvider, useList } from 'react-admin';
import type { ImportProblem } from './imports';

/**
 * The problems of a file by spreadsheet line and column, ten at a time: react-admin's list over the answer's
 * rows (no request of its own), so the office pages through hundreds of them as through any list.
 */
export function ProblemsTable({ problems, more }: { problems: ImportProblem[]; more: number }) {
  const list = useList({ data: problems.map((p, i) => ({ id: i + 1, ...p })), perPage: 10 });
  return (
    <Box component="section" aria-labelledby="import-problems">
      <Typography id="import-problems" variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Problemas encontrados
      </Typography>
      <ResourceContextProvider value="importacoes-problemas">
        <ListContextProvider value={list}>
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.NumberCol source="line" label="Linha" />
            <DataTable.Col source="column" label="Coluna" />
            <DataTable.Col source="message" label="Problema" />
          </DataTable>
          {problems.length > 10 && <Pagination rowsPerPageOptions={[10, 25, 50]} />}
        </ListContextProvider>
      </ResourceContextProvider>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          E mais {more} {more === 1 ? 'problema' : 'problemas'}: corrija estes e confira de novo.
        </Typography>
      )}
    </Box>
  );
}
