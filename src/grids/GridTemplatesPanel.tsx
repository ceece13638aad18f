import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { BoundRowsEditor } from './BoundRowsEditor';
import { useGridTemplates } from './useGridTemplates';

/** Under the grid's edit form: its rows, saved apart from the grid itself (spec: two save buttons). */
export function GridTemplatesPanel({ gridId }: { gridId: number; courseId?: number }) {
  const state = useGridTemplates(gridId);
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Disciplinas da grade
        </Typography>
        <BoundRowsEditor state={state} />
        <Box sx={{ mt: 2 }}>
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={state.saving}
            onClick={() => void state.save()}
          >
            Salvar disciplinas da grade
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
