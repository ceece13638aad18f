import {
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../resources/format';
import { useApi } from '../api/useApi';
import { PageLinks } from '../resources/PageLinks';

/** One line of `GET /students/{id}/access-log`. */
export interface AccessEntry {
  id: number;
  user: { id: number | null; name: string };
  action: 'view' | 'document' | 'export' | 'report';
  detail: string;
  created_at: string;
}

export const ACCESS_ACTIONS: Record<AccessEntry['action'], string> = {
  view: 'Abriu o cadastro',
  document: 'Baixou documento',
  export: 'Exportou os dados',
  report: 'Gerou relatório',
};

export const ACCESS_PER_PAGE = 10;

/** Who opened the record, downloaded a document or exported the data: Data/Hora, Usuário, Ação, Detalhe. */
export function AccessLogTable({
  entries,
  page,
  total,
  onPage,
}: {
  entries: AccessEntry[];
  /** 1-based, as the API counts. */
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  // A phone has no room for four columns: each access as two lines, in the same order.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (total === 0) return <Typography>Nenhum acesso registrado para este aluno.</Typography>;
  return (
    <Stack spacing={1}>
      {phone ? (
        <List dense disablePadding aria-label="Acessos ao cadastro do aluno">
          {entries.map((e) => (
            <ListItem key={e.id} divider disableGutters>
              <ListItemText
                primary={`${ACCESS_ACTIONS[e.action] ?? e.action}${e.detail ? `: ${e.detail}` : ''}`}
                secondary={`${formatDateTime(e.created_at)} · ${e.user.name}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Table size="small" aria-label="Acessos ao cadastro do aluno">
          <TableHead>
            <TableRow>
              {['Data/Hora', 'Usuário', 'Ação', 'Detalhe'].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id}>
                {/* São Paulo time, dd/mm/aaaa hh:mm (resources/format.ts): the instant travels in UTC. */}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</TableCell>
                <TableCell>{e.user.name}</TableCell>
                <TableCell>{ACCESS_ACTIONS[e.action] ?? e.action}</TableCell>
                <TableCell>{e.detail || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="body2" color="text.secondary">
          {total === 1 ? '1 acesso' : `${total} acessos`}
        </Typography>
        <PageLinks
          page={page - 1}
          rowsPerPage={ACCESS_PER_PAGE}
          count={total}
          onPageChange={(_event, next) => onPage(next + 1)}
        />
      </Stack>
    </Stack>
  );
}

/**
 * Tab ACESSOS (LGPD): the student's access log, read page by page from the server. A refusal (a role
 * without `students.access_log`) shows the server's words in place of the table.
 */
export function AccessLogTab({ studentId }: { studentId: number }) {
  const [page, setPage] = useState(1);
  const api = useApi();
  const { data: answer, error } = useQuery({
    queryKey: ['alunos', studentId, 'acessos', page],
    queryFn: () => api.getStudentAccessLog(studentId, page, ACCESS_PER_PAGE),
    // The next page shows once it arrives, the current one staying until then.
    placeholderData: (previous) => previous,
    // A refusal is final (a busy server is already asked again by apiRequest): its words show at once.
    retry: false,
  });
  if (error) return <Typography color="error">{error.message || 'Erro ao carregar os acessos.'}</Typography>;
  if (!answer) return <Typography color="text.secondary">Carregando acessos…</Typography>;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Quem abriu o cadastro deste aluno, baixou seus documentos ou exportou seus dados (LGPD).
      </Typography>
      <AccessLogTable entries={answer.data} page={page} total={answer.total} onPage={setPage} />
    </Stack>
  );
}
