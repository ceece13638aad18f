import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useRecordContext } from 'react-admin';
import { ALL_ROWS } from '../../dataProvider';
import { useAllows } from '../admin/useAllows';
import { RolloverDialog } from './RolloverDialog';
import { SuccessorsDialog } from './SuccessorsDialog';

/**
 * Under a school year's form: "Criar turmas de {ano+1}" (next year's teams from this year's) and "Rematrícula
 * automática" (this year's students into them), for whoever writes teams.
 */
export function NextYearPanel() {
  const record = useRecordContext();
  const allows = useAllows();
  const [open, setOpen] = useState<'successors' | 'rollover' | null>(null);
  const { data: years = [] } = useGetList('anos-letivos', {
    pagination: { page: 1, perPage: ALL_ROWS },
    sort: { field: 'year', order: 'ASC' },
  });
  if (!record || !allows('teams.write')) return null;
  const year = Number(record.year);
  const later = years.filter((y) => Number(y.year) > year).map((y) => ({ id: Number(y.id), year: Number(y.year) }));
  const next = later[0];
  return (
    <Stack spacing={1} sx={{ mt: 3 }} data-testid="proximo-ano">
      <Typography variant="h6" component="h2">
        Próximo ano
      </Typography>
      {!next ? (
        <Typography color="text.secondary">
          Cadastre o ano letivo de {year + 1} para criar as turmas e rematricular.
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" startIcon={<GroupAddIcon />} onClick={() => setOpen('successors')}>
            Criar turmas de {next.year}
          </Button>
          <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={() => setOpen('rollover')}>
            Rematrícula automática
          </Button>
        </Stack>
      )}
      {open === 'successors' && next && (
        <SuccessorsDialog yearId={Number(record.id)} to={next} onClose={() => setOpen(null)} />
      )}
      {open === 'rollover' && <RolloverDialog yearId={Number(record.id)} years={later} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
