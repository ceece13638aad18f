import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  downloadCSV,
  ExportButton,
  FilterForm,
  FunctionField,
  ListContextProvider,
  Pagination,
  ResourceContextProvider,
  SelectInput,
  useList,
} from 'react-admin';
import { REQUEST_STATUSES, REQUEST_STEPS, type CampaignRequest } from '../../resources/enrolment-campaigns';
import { csvText } from '../components/csvText';

const labelOf = (options: typeof REQUEST_STEPS, value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

const chip = (options: typeof REQUEST_STEPS, value: string) => {
  const option = options.find((o) => o.value === value);
  return <Chip size="small" label={option?.label ?? value} color={option?.colour ?? 'default'} variant="outlined" />;
};

/**
 * The families' list as a spreadsheet — the rows the filters leave, in the list's order — with ";" and a BOM, as the
 * app's other exports, for Excel in Portuguese.
 */
export function exportRequests(rows: CampaignRequest[]) {
  const head = ['Aluno', 'Responsável', 'Turma atual', 'Turma de destino', 'Etapa', 'Situação', 'Enviado em'];
  const lines = rows.map((r) => [
    r.student.name,
    r.guardian?.name ?? '',
    r.from_team?.name ?? '',
    r.to_team?.name ?? '',
    labelOf(REQUEST_STEPS, r.step),
    labelOf(REQUEST_STATUSES, r.status),
    r.submitted_at ? new Date(r.submitted_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }) : '',
  ]);
  downloadCSV(csvText(head, lines), 'rematricula-familias');
}

const choices = (options: typeof REQUEST_STEPS) => options.map((o) => ({ id: o.value, name: o.label }));

/** The list's filters, always shown: how far the family got, and the office's side. */
const FILTERS = [
  <SelectInput key="step" source="step" label="Etapa" choices={choices(REQUEST_STEPS)} emptyText="Todas" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="Situação"
    choices={choices(REQUEST_STATUSES)}
    emptyText="Todas"
    alwaysOn
  />,
];

/**
 * The families of a campaign as a react-admin list over the rows already loaded (useList): filtered by step and
 * status, sorted, paged and exported there; each with its step and status as chips, "Aceitar" and "Devolver" on those
 * the office reviews.
 */
export function CampaignRequests({
  rows,
  isPending = false,
  onAccept,
  onReturn,
  busy = false,
}: {
  rows: CampaignRequest[];
  isPending?: boolean;
  onAccept(row: CampaignRequest): void;
  onReturn(row: CampaignRequest, note: string): void;
  /** An acceptance or a return on its way: a second press would only meet "já foi aceito". */
  busy?: boolean;
}) {
  const [returning, setReturning] = useState<CampaignRequest | null>(null);
  const [note, setNote] = useState('');
  const list = useList<CampaignRequest>({
    data: rows,
    isPending,
    perPage: 25,
    sort: { field: 'student.name', order: 'ASC' },
    exporter: exportRequests,
  });
  return (
    <ResourceContextProvider value="campanhas-matricula">
      <ListContextProvider value={list}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <FilterForm filters={FILTERS} />
          </Box>
          <Box>
            <ExportButton label="Exportar" disabled={!list.total} />
          </Box>
        </Stack>
        {!isPending && rows.length === 0 ? (
          <Typography color="text.secondary">Nenhuma família nesta campanha ainda.</Typography>
        ) : (
          // Scrolls sideways on a phone: reachable by keyboard, named for a screen reader (axe).
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Famílias da campanha">
            <DataTable bulkActionButtons={false} rowClick={false} size="small">
              <DataTable.Col source="student.name" label="Aluno" />
              <DataTable.Col source="guardian.name" label="Responsável">
                <FunctionField<CampaignRequest> render={(r) => r.guardian?.name ?? '—'} />
              </DataTable.Col>
              <DataTable.Col source="to_team.name" label="Turma de destino">
                <FunctionField<CampaignRequest> render={(r) => r.to_team?.name ?? '—'} />
              </DataTable.Col>
              <DataTable.Col source="step" label="Etapa">
                <FunctionField<CampaignRequest> render={(r) => chip(REQUEST_STEPS, r.step)} />
              </DataTable.Col>
              <DataTable.Col source="status" label="Situação">
                <FunctionField<CampaignRequest> render={(r) => chip(REQUEST_STATUSES, r.status)} />
              </DataTable.Col>
              <DataTable.Col label="Ações" disableSort>
                <FunctionField<CampaignRequest>
                  render={(r) =>
                    r.status === 'enviado' ? (
                      <Stack direction="row" spacing={1}>
                        <Button size="small" variant="contained" disabled={busy} onClick={() => onAccept(r)}>
                          Aceitar
                        </Button>
                        <Button size="small" disabled={busy} onClick={() => setReturning(r)}>
                          Devolver
                        </Button>
                      </Stack>
                    ) : null
                  }
                />
              </DataTable.Col>
            </DataTable>
            <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
          </Box>
        )}
      </ListContextProvider>
      <Dialog open={returning !== null} onClose={() => setReturning(null)} fullWidth>
        <DialogTitle>Devolver o pedido de {returning?.student.name}</DialogTitle>
        <DialogContent>
          <TextField
            label="Observação para a família"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReturning(null)}>Cancelar</Button>
          <Button
            variant="contained"
            disabled={!note.trim()}
            onClick={() => {
              onReturn(returning!, note.trim());
              setReturning(null);
              setNote('');
            }}
          >
            Devolver
          </Button>
        </DialogActions>
      </Dialog>
    </ResourceContextProvider>
  );
}
