import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { allows, storedPermissions } from '../../authProvider';
import { reportByPath } from '../../reports/index';
import { useApi } from '../api/useApi';

const REPORT = reportByPath('alunos-com-baixa-frequencia')!;

/**
 * The students under the school's minimum attendance (issue 25), counted once whatever their disciplines,
 * for the roles that may draw the report listing them; a click opens the list on screen (LowAttendancePage),
 * which leads to the report's spreadsheet.
 */
export function LowAttendanceCard() {
  const allowed = allows(storedPermissions(), REPORT.access);
  const api = useApi();
  // Keyed under the report's students: a change to a student's attendance refreshes it with them.
  const { data: answer } = useQuery({
    queryKey: ['alunos', 'baixa-frequencia', 'contagem'],
    queryFn: () => api.getLowAttendanceCount(),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Card data-testid="cartao-baixa-frequencia" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to="/admin/baixa-frequencia" sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h3" component="p" color={answer?.count ? 'error' : 'text.primary'}>
            {answer ? answer.count : '…'}
          </Typography>
          <Typography>
            {answer?.count === 1 ? 'aluno' : 'alunos'} abaixo da frequência mínima
            {answer ? ` (${answer.minimum}%)` : ''}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
