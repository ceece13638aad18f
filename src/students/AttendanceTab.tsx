import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/useApi';
import { AttendanceTable } from './AttendanceTable';

/** Tab FREQUÊNCIA: read from the server when opened (the lessons change every day), again on coming back to it. */
export function AttendanceTab({ studentId }: { studentId: number }) {
  const api = useApi();
  const { data: answer, error } = useQuery({
    queryKey: ['alunos', studentId, 'frequencia'],
    queryFn: () => api.getStudentAttendance(studentId),
    // A refusal is final (a busy server is already asked again by apiRequest): its words show at once.
    retry: false,
  });
  if (error) return <Typography color="error">{error.message || 'Erro ao carregar a frequência.'}</Typography>;
  if (!answer) return <Typography color="text.secondary">Carregando frequência…</Typography>;
  return <AttendanceTable {...answer} />;
}
