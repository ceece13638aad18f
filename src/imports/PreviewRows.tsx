import { Box, Typography } from '@mui/material';
import { DataTable, ListContextProvider, ResourceContextProvider, useList } from 'react-admin';

/**
 * A value the office reads as one word: a CPF, a date, an amount in reais, a phone. Broken at its hyphen or space
 * ("466.356.244-" over "22") it reads as two.
 */
const ONE_WORD = /^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\/\d{2}\/\d{4}|R\$\s?[\d.,]+|\(\d{2}\)\s?[\d-]+)$/;

/** A dry run's first rows as they will be stored, column by column. */
export function PreviewRows({ columns, rows }: { columns: string[]; rows: string[][] }) {
  const list = useList({
    data: rows.map((values, i) => ({ id: i + 1, ...Object.fromEntries(values.map((v, c) => [`c${c}`, v])) })),
    perPage: rows.length || 1,
  });
  return (
    <Box component="section" aria-labelledby="import-preview-rows" sx={{ overflowX: 'auto' }}>
      <Typography id="import-preview-rows" variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Primeiras linhas, como serão gravadas
      </Typography>
      <ResourceContextProvider value="importacoes-previa">
        <ListContextProvider value={list}>
          <DataTable bulkActionButtons={false} rowClick={false}>
            {columns.map((title, c) => (
              <DataTable.Col
                key={title}
                source={`c${c}`}
                label={title}
                disableSort
                cellSx={(row) => (ONE_WORD.test(String(row[`c${c}`] ?? '')) ? { whiteSpace: 'nowrap' } : {})}
              />
            ))}
          </DataTable>
        </ListContextProvider>
      </ResourceContextProvider>
    </Box>
  );
}
