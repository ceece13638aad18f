import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { useApi } from '../api/useApi';

/** `GET /teams/{id}/workload` as the team screen reads it. */
export interface TeamWorkload {
  school_year: { id: number; year: number; school_days: number | null } | null;
  minimums: { days: number; hours: number };
  planned_hours: number;
  given_hours: number;
  meets: { days: boolean; hours: boolean };
}

const n = (value: number) => value.toLocaleString('pt-BR');

/** The LDB line of a team: its year's school days and its hours against the minimums, said in words. */
export function WorkloadLine({ workload }: { workload: TeamWorkload }) {
  const { school_year: year, minimums, meets } = workload;
  const days =
    year && year.school_days !== null
      ? `${n(year.school_days)} dias letivos em ${year.year} (mínimo ${n(minimums.days)})`
      : 'sem ano letivo';
  const text = `LDB: ${days} · ${n(workload.planned_hours)} h planejadas na grade (mínimo ${n(minimums.hours)}) · ${n(workload.given_hours)} h-aula dadas`;
  return (
    <Alert severity={meets.days && meets.hours ? 'success' : 'warning'} sx={{ mt: 2 }}>
      <Typography variant="body2">{text}</Typography>
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
