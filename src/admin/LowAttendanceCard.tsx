import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { allows, storedPermissions } from '../../authProvider';
import { reportByPath } from '../../reports/index';
import { apiRequest } from '../api/http';

const REPORT = reportByPath('alunos-com-baixa-frequencia')!;

/**
 * The students under the school's minimum attendance (issue 25), counted once whatever their disciplines,
 * for the roles that may draw the report listing them; a click opens the list on screen (LowAttendancePage),
 * which leads to the report's spreadsheet.
 */
export function LowAttendanceCard() {
  const allowed = allows(storedPermissions(), REPORT.access);
  const [answer, setAnswer] = useState<{ count: number; minimum: number } | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    apiRequest<{ count: number; minimum: number }>('/indicators/low-attendance')
      .then((a) => current && setAnswer(a))
      .catch((error: unknown) => console.error('Falha ao carregar /indicators/low-attendance', error));
    return () => {
      current = false;
    };
  }, [allowed]);
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
