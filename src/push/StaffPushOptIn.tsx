import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/useApi';
import { deviceSubscription, PUSH_BLOCKED, pushState, subscribeDevice, type PushState } from './browser';

/** The browser's side (tests and stories replace it). */
export interface DevicePush {
  state: () => Promise<PushState>;
  subscribe: typeof subscribeDevice;
  /** This device's endpoint, and forgetting it in the browser. */
  current: () => Promise<{ endpoint: string; unsubscribe: () => Promise<unknown> } | null>;
}

const BROWSER: DevicePush = { state: pushState, subscribe: subscribeDevice, current: deviceSubscription };

// Not a resource of react-admin's: the key names what it is, this device's opt-in.
const KEY = ['push-subscriptions', 'this-device'];

/**
 * "Avisos neste aparelho" for the staff (issue 36): a teacher opts this phone or computer in to the school's notices
 * for them (today, the grades of theirs a published stage still lacks), the same as the e-mails. Shown on Minhas aulas
 * and Minha conta, only where the browser can and the school has push.
 */
export function StaffPushOptIn({ device = BROWSER }: { device?: DevicePush }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: publicKey } = useQuery({
    queryKey: ['push-subscriptions', 'public-key'],
    // A school without push answers 404: nothing to show.
    queryFn: () =>
      api.getPushPublicKey().then(
        (r) => r.public_key,
        () => null,
      ),
    staleTime: Infinity,
  });
  const { data: state } = useQuery({ queryKey: KEY, queryFn: () => device.state() });
  const change = useMutation({
    mutationFn: async (to: 'on' | 'off'): Promise<PushState> => {
      if (to === 'off') {
        const subscription = await device.current();
        if (!subscription) return 'off';
        try {
          await api.unsubscribePush(subscription.endpoint);
        } finally {
          await subscription.unsubscribe();
        }
        return 'off';
      }
      const subscription = await device.subscribe(publicKey!);
      if (typeof subscription === 'string') return subscription;
      await api.subscribePush(subscription);
      return 'on';
    },
    onSuccess: (next) => queryClient.setQueryData(KEY, next),
  });

  if (!state || state === 'unsupported' || !publicKey) return null;
  const failure = change.error instanceof Error ? change.error.message : change.error && 'Não foi possível mudar.';

  return (
    <Card component="section" aria-labelledby="staff-push-title" sx={{ my: 2, maxWidth: 760 }}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <NotificationsActiveIcon color="primary" aria-hidden />
          <Typography id="staff-push-title" variant="h6" component="h2">
            Avisos neste aparelho
          </Typography>
        </Stack>
        <Typography sx={{ mb: 2 }}>
          {state === 'on'
            ? 'Avisos ativados neste aparelho: quando a secretaria publicar notas com notas suas faltando, você é avisado aqui.'
            : 'Receba neste celular ou computador os avisos que a escola manda a você por e-mail, como notas suas ' +
              'que faltam numa etapa já publicada.'}
        </Typography>
        {state === 'blocked' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {PUSH_BLOCKED}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {state === 'on' ? (
          <Button variant="outlined" disabled={change.isPending} onClick={() => change.mutate('off')}>
            Desativar avisos neste aparelho
          </Button>
        ) : (
          state === 'off' && (
            <Button variant="contained" disabled={change.isPending} onClick={() => change.mutate('on')}>
              Receber avisos neste aparelho
            </Button>
          )
        )}
      </CardContent>
    </Card>
  );
}
