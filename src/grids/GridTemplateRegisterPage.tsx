import { Box, Card, CardContent, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ALL_ROWS } from '../../dataProvider';
import { SaveBackButtons } from '../components/SaveBackButtons';
import { BoundRowsEditor } from './BoundRowsEditor';
import { useGridTemplates } from './useGridTemplates';

/** grades/registrar-template: rows of grid, discipline, stage and workload for a chosen grid. */
export function GridTemplateRegisterPage() {
  const navigate = useNavigate();
  const [gridId, setGridId] = useState<number | ''>('');
  const { data: grids = [] } = useGetList('grades', {
    pagination: { page: 1, perPage: ALL_ROWS },
    sort: { field: 'name', order: 'ASC' },
  });
  // New rows only: the rows already stored are edited on the grid's own page.
  const state = useGridTemplates(undefined);
  const save = async () => {
    if (await state.save(gridId === '' ? undefined : gridId)) navigate(`/admin/grades/${gridId}/editar`);
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <Title title="Registrar linhas de grade" />
      <CardContent>
        <TextField
          select
          label="Grade"
          value={gridId}
          onChange={(e) => setGridId(Number(e.target.value))}
          fullWidth
          sx={{ mb: 2 }}
        >
          {grids.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {String(g.name)}
            </MenuItem>
          ))}
        </TextField>
        <BoundRowsEditor state={state} />
        <Box sx={{ mt: 2 }}>
          <SaveBackButtons saving={state.saving} onSave={() => void save()} />
        </Box>
      </CardContent>
    </Card>
  );
}
