import MailIcon from '@mui/icons-material/Mail';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext } from 'react-admin';
import type { CampaignRequest } from '../../resources/enrolment-campaigns';
import { useApi } from '../api/useApi';
import { CampaignPanelTable } from './CampaignPanelTable';
import { CampaignRequests } from './CampaignRequests';

const RESOURCE = 'campanhas-matricula';

/** Under a campaign's page: its panel per team, the families with their step, and the office's actions. */
export function CampaignPanel() {
  const record = useRecordContext();
  const api = useApi();
  const notify = useNotify();
  const client = useQueryClient();
  const id = Number(record?.id);
  const panel = useQuery({
    queryKey: [RESOURCE, id, 'painel'],
    queryFn: () => api.getCampaignPanel(id),
    enabled: Boolean(record),
  });
  // Every family of the campaign (page 0): the list filters, sorts, pages and exports them on screen.
  const requests = useQuery({
    queryKey: [RESOURCE, id, 'pedidos'],
    queryFn: () => api.getCampaignRequests(id, { page: 0 }),
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
      </Stack>
      {error && <Alert severity="error">{error.message}</Alert>}
      <CampaignPanelTable lines={panel.data?.data ?? []} />
      <Typography variant="h6" component="h2">
        Famílias
      </Typography>
      <CampaignRequests
        rows={requests.data?.data ?? []}
        isPending={requests.isPending}
        onAccept={(r) => accept.mutate(r)}
        onReturn={(r, note) => giveBack.mutate({ r, note })}
        busy={accept.isPending || giveBack.isPending}
      />
    </Stack>
  );
}
