import { Alert, AlertTitle, Chip, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  Pagination,
  TextField,
  useList,
  type RaRecord,
} from 'react-admin';
import { OUTCOMES, type Outcome, type RolloverAnswer, type StudentMove } from '../../resources/next-year';

const OUTCOME = new Map(OUTCOMES.map((o) => [o.value, o]));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The totals in one sentence: what the dry run would do, or what the run did. */
export function totalsText(answer: RolloverAnswer, done: boolean): string {
  const t = answer.totals;
  const parts = [
    plural(t.promovido, 'promovido', 'promovidos'),
    plural(t.retido, 'retido', 'retidos'),
    plural(t.concluinte, 'concluinte', 'concluintes'),
    plural(t.saiu, 'saiu', 'saíram'),
  ].join(', ');
  const enrol = done
    ? `${plural(t.enrolled, 'aluno matriculado', 'alunos matriculados')}`
    : `${plural(t.to_enrol, 'aluno será matriculado', 'alunos serão matriculados')}`;
  const already = t.already_enrolled
    ? `; ${plural(t.already_enrolled, 'já estava', 'já estavam')} no ano seguinte`
    : '';
  const charges = done && t.charges ? `; ${plural(t.charges, 'cobrança criada', 'cobranças criadas')}` : '';
  return `${parts}. ${enrol}${already}${charges}.`;
}

type Row = StudentMove & RaRecord;

/**
 * The rollover per student (the dry run before confirming, or what the run did), as a react-admin list: student,
 * team of origin, outcome and next year's team, filtered by outcome.
 */
export function RolloverResult({ answer, done = false }: { answer: RolloverAnswer; done?: boolean }) {
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const rows: Row[] = answer.data.map((m) => ({ ...m, id: m.registration_id }));
  const list = useList({
    data: rows,
    perPage: 25,
    filter: outcome ? { outcome } : {},
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Stack spacing={1.5} data-testid={done ? 'resultado-rematricula' : 'simulacao-rematricula'}>
      <Alert severity={done ? 'success' : 'info'}>
        {done && answer.message && <AlertTitle>{answer.message}</AlertTitle>}
        {totalsText(answer, done)}
      </Alert>
      <MuiTextField
        select
        size="small"
        label="Situação"
        value={outcome}
        onChange={(e) => setOutcome(e.target.value as Outcome | '')}
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">Todas</MenuItem>
        {OUTCOMES.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </MuiTextField>
      <ListContextProvider value={list}>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography>Nenhum aluno.</Typography>}>
          <TextField source="student.name" label="Aluno" sortable={false} />
          <TextField source="from_team.name" label="Turma atual" sortable={false} />
          <FunctionField<Row>
            label="Situação"
            render={(r) => (
              <Chip size="small" label={OUTCOME.get(r.outcome)?.label} color={OUTCOME.get(r.outcome)?.colour} />
            )}
          />
          <FunctionField<Row>
            label="Turma no ano seguinte"
            render={(r) =>
              r.already_enrolled
                ? 'Já matriculado'
                : r.to_team
                  ? r.to_team.name
                  : r.outcome === 'concluinte'
                    ? 'Conclui o curso'
                    : '—'
            }
          />
        </Datagrid>
        <Pagination rowsPerPageOptions={[25, 50, 100]} />
      </ListContextProvider>
    </Stack>
  );
}
