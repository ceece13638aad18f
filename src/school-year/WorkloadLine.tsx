import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { workloadText, type TeamWorkload } from '../../resources/workload';
import { useApi } from '../api/useApi';

/** The LDB line of a team: its year's school days and its hours against its course's minimums, said in words. */
export function WorkloadLine({ workload }: { workload: Omit<TeamWorkload, 'team_id' | 'disciplines'> }) {
  const { meets } = workload;
  return (
    <Alert severity={meets.days && meets.hours ? 'success' : 'warning'} sx={{ mt: 2 }}>
      <Typography variant="body2">{workloadText(workload)}</Typography>
    </Alert>
  );
}

/** Under a team's form: its LDB line. */
export function TeamWorkloadPanel() {
  const record = useRecordContext();
  const api = useApi();
  const { data } = useQuery({
    queryKey: ['turmas', record?.id, 'carga-horaria'],
    queryFn: () => api.getTeamWorkload(record!.id),
    enabled: record !== undefined,
    retry: false,
  });
  return data ? <WorkloadLine workload={data} /> : null;
}
