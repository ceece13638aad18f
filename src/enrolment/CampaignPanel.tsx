import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadCSV, useNotify, useRecordContext } from 'react-admin';
import { REQUEST_STATUSES, REQUEST_STEPS, type CampaignRequest } from '../../resources/enrolment-campaigns';
import { useApi } from '../api/useApi';
import { CampaignPanelTable } from './CampaignPanelTable';
import { CampaignRequests, type RequestFilters } from './CampaignRequests';

const RESOURCE = 'campanhas-matricula';
const label = (options: typeof REQUEST_STEPS, value: string) => options.find((o) => o.value === value)?.label ?? value;
const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;

/** The families' list as a spreadsheet (";" and a BOM, as the app's other exports, for Excel in Portuguese). */
function exportRequests(rows: CampaignRequest[]) {
  const head = ['Aluno', 'Responsável', 'Turma atual', 'Turma de destino', 'Etapa', 'Situação', 'Enviado em'];
  const lines = rows.map((r) => [
    r.student.name,
    r.guardian?.name ?? '',
    r.from_team?.name ?? '',
    r.to_team?.name ?? '',
    label(REQUEST_STEPS, r.step),
    label(REQUEST_STATUSES, r.status),
    r.submitted_at ? new Date(r.submitted_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }) : '',
  ]);
  const csv = '\uFEFF' + [head, ...lines].map((l) => l.map(cell).join(';')).join('\r\n') + '\r\n';
  downloadCSV(csv, 'rematricula-familias');
}

/** Under a campaign's page: its panel per team, the families with their step, and the office's actions. */
export function CampaignPanel() {
  const record = useRecordContext();
  const api = useApi();
  const notify = useNotify();
  const client = useQueryClient();
  const id = Number(record?.id);
  const [filters, setFilters] = useState<RequestFilters>({ step: '', status: '' });
  const panel = useQuery({
    queryKey: [RESOURCE, id, 'painel'],
    queryFn: () => api.getCampaignPanel(id),
    enabled: Boolean(record),
  });
  const requests = useQuery({
    queryKey: [RESOURCE, id, 'pedidos', filters],
    queryFn: () => api.getCampaignRequests(id, { page: 0, ...filters }),
    enabled: Boolean(record),
  });
  const done = (answer: { message: string }) => notify(answer.message, { type: 'success' });
  const failed = (error: Error) => notify(error.message, { type: 'error' });
  // Reloaded after a refusal too: a 409 means another secretary decided first, and the list must show it.
  const reload = () => client.invalidateQueries({ queryKey: [RESOURCE, id] });
  const settled = { onSuccess: done, onError: failed, onSettled: reload };
  const invite = useMutation({ mutationFn: () => api.inviteCampaignFamilies(id), ...settled });
  const remind = useMutation({ mutationFn: () => api.remindCampaignPending(id), ...settled });
  const accept = useMutation({ mutationFn: (r: CampaignRequest) => api.acceptEnrolmentRequest(r.id), ...settled });
  const giveBack = useMutation({
    mutationFn: ({ r, note }: { r: CampaignRequest; note: string }) => api.returnEnrolmentRequest(r.id, note),
    ...settled,
  });
  if (!record) return null;
  const error = panel.error ?? requests.error;
  return (
    <Stack spacing={2} sx={{ mt: 3 }} data-testid="painel-campanha">
      <Typography variant="h6" component="h2">
        Painel da campanha
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {record.kind === 'rematricula' && (
          <Button
            variant="outlined"
            startIcon={<MailIcon />}
            onClick={() => invite.mutate()}
            disabled={invite.isPending}
          >
            Convidar famílias
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<NotificationsActiveIcon />}
          onClick={() => remind.mutate()}
          disabled={remind.isPending}
        >
          Lembrar pendentes
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => exportRequests(requests.data?.data ?? [])}
          disabled={!requests.data?.data.length}
        >
          Exportar
        </Button>
      </Stack>
      {error && <Alert severity="error">{error.message}</Alert>}
      <CampaignPanelTable lines={panel.data?.data ?? []} />
      <Typography variant="h6" component="h2">
        Famílias
      </Typography>
      <CampaignRequests
        rows={requests.data?.data ?? []}
        filters={filters}
        onFilters={setFilters}
        onAccept={(r) => accept.mutate(r)}
        onReturn={(r, note) => giveBack.mutate({ r, note })}
        busy={accept.isPending || giveBack.isPending}
      />
    </Stack>
  );
}
