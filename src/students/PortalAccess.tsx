import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatDateTime, formatInstantDate } from '../../resources/format';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { InviteDialog, refusalWords as wordsOf, type PortalOwner } from './InviteDialog';

export type { PortalOwner };

/** `GET /{guardians|students}/{id}/portal-access` (PORTAL-CONTRACT.md). */
export interface PortalAccess {
  status: 'none' | 'invited' | 'active' | 'revoked';
  email: string | null;
  invited_at: string | null;
  activated_at: string | null;
  last_login_at: string | null;
  /** Whether this server sends e-mail (SMTP): without it, the invitation is handed over in person. */
  email_delivery?: boolean;
}

/** "Sem acesso", "Convidado em 25/11/2026", "Ativo — último acesso 26/11/2026 09:14", "Revogado". */
export function portalStatusText(access: PortalAccess): string {
  switch (access.status) {
    case 'invited':
      return access.invited_at ? `Convidado em ${formatInstantDate(access.invited_at)}` : 'Convidado';
    case 'active':
      if (access.last_login_at) return `Ativo — último acesso ${formatDateTime(access.last_login_at)}`;
      return access.activated_at ? `Ativo desde ${formatInstantDate(access.activated_at)}` : 'Ativo';
    case 'revoked':
      return 'Revogado';
    default:
      return 'Sem acesso';
  }
}

/** The access of one account, read from the server (`students.personal`); null while it loads or when refused. */
export function usePortalAccess(owner: PortalOwner, id: number) {
  const api = useApi();
  // Under the record's resource ('alunos', 'responsaveis'): any change accepted on the student's screen reads it again.
  const { data, error, refetch } = useQuery({
    queryKey: [owner === 'students' ? 'alunos' : 'responsaveis', id, 'portal'],
    queryFn: () => api.getPortalAccess(owner, id),
    // A refusal is final (a busy server is already asked again by apiRequest): its words show at once.
    retry: false,
  });
  return {
    access: data ?? null,
    failure: error ? wordsOf(error, 'Erro ao ler o acesso ao portal.') : null,
    reload: () => void refetch(),
  };
}

export interface PortalAccessActionsProps {
  owner: PortalOwner;
  id: number;
  /** Whose access, for the buttons' names and the confirmation (a row of several guardians). */
  name: string;
  access: PortalAccess;
  onChanged: () => void;
  /** A table's cell: small text buttons one under the other, each on one line. */
  compact?: boolean;
}

/**
 * "Convidar para o portal" (or "Reenviar convite"), which asks how to hand the invitation over (InviteDialog), and
 * "Revogar acesso", after a confirmation; the server's message as a toast. Only with `students.write`: the server
 * refuses the rest with a 403.
 */
export function PortalAccessActions({ owner, id, name, access, onChanged, compact = false }: PortalAccessActionsProps) {
  const canWrite = useAllows()('students.write');
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [inviting, setInviting] = useState(false);
  if (!canWrite) return null;
  const revoke = async () => {
    setBusy(true);
    try {
      const answer = await api.revokePortalAccess(owner, id);
      notify(answer?.message ?? 'Feito.', { type: 'success' });
      onChanged();
      refresh();
    } catch (error) {
      notify(wordsOf(error, 'Não foi possível revogar o acesso.'), { type: 'warning' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const inviteLabel = access.status === 'invited' ? 'Reenviar convite' : 'Convidar para o portal';
  const canRevoke = access.status === 'invited' || access.status === 'active';
  const look = compact
    ? ({ size: 'small', variant: 'text', sx: { whiteSpace: 'nowrap', px: 0.5, textTransform: 'none' } } as const)
    : ({ size: 'medium', variant: 'outlined' } as const);
  return (
    <Stack
      direction={compact ? 'column' : 'row'}
      spacing={compact ? 0 : 1}
      useFlexGap
      flexWrap="wrap"
      alignItems="flex-start"
    >
      {access.status !== 'active' && (
        <Button {...look} disabled={busy} onClick={() => setInviting(true)} aria-label={`${inviteLabel}: ${name}`}>
          {inviteLabel}
        </Button>
      )}
      <InviteDialog
        owner={owner}
        id={id}
        name={name}
        open={inviting}
        emailDelivery={access.email_delivery ?? true}
        onClose={() => setInviting(false)}
        onInvited={onChanged}
      />
      {canRevoke && (
        <Button
          size={look.size}
          sx={look.sx}
          color="error"
          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-label={`Revogar acesso: ${name}`}
        >
          Revogar acesso
        </Button>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`revogar-${owner}-${id}`}>
        <DialogTitle id={`revogar-${owner}-${id}`}>Revogar acesso ao portal</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {name} deixará de entrar no portal das famílias, e as sessões abertas terminam agora. Um novo convite
            devolve o acesso.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button color="error" variant="contained" onClick={() => void revoke()} disabled={busy}>
            Revogar
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** One account's status and its buttons, compact: a cell of the RESPONSÁVEIS tab. */
export function PortalAccessCell({ owner, id, name }: { owner: PortalOwner; id: number; name: string }) {
  const { access, failure, reload } = usePortalAccess(owner, id);
  if (failure) return <Typography variant="body2">—</Typography>;
  if (!access) return <Typography variant="body2">…</Typography>;
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <Typography variant="body2">{portalStatusText(access)}</Typography>
      <PortalAccessActions owner={owner} id={id} name={name} access={access} onChanged={reload} compact />
    </Stack>
  );
}

/** "Portal das famílias" under a record's form or on its show screen: status, e-mail, the buttons. */
export function PortalAccessPanel({ owner, id, name }: { owner: PortalOwner; id: number; name: string }) {
  const { access, failure, reload } = usePortalAccess(owner, id);
  return (
    <Card variant="outlined" component="section" aria-label="Portal das famílias" sx={{ mt: 2, width: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Portal das famílias
        </Typography>
        {failure && <Typography color="error">{failure}</Typography>}
        {!access && !failure && <Typography color="text.secondary">Carregando…</Typography>}
        {access && (
          <Stack spacing={1} sx={{ mt: 0.5 }}>
            <Box>
              <Typography>{portalStatusText(access)}</Typography>
              {access.email && (
                <Typography variant="body2" color="text.secondary">
                  E-mail de acesso: {access.email}
                </Typography>
              )}
            </Box>
            <PortalAccessActions owner={owner} id={id} name={name} access={access} onChanged={reload} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The guardian's record (edit and show): their access, for a role that reads personal data. */
export function GuardianPortalPanel() {
  const record = useRecordContext();
  const canRead = useAllows()('students.personal');
  if (!record || !canRead) return null;
  return <PortalAccessPanel owner="guardians" id={Number(record.id)} name={String(record.name ?? '')} />;
}

/** An adult student's record: their own access (a minor's family signs in as guardians). */
export function StudentPortalPanel() {
  const record = useRecordContext();
  const canRead = useAllows()('students.personal');
  // `age` comes with the record (server/students/area.ts), counted on the school's calendar.
  if (!record || !canRead || typeof record.age !== 'number' || record.age < 18) return null;
  return <PortalAccessPanel owner="students" id={Number(record.id)} name={String(record.name ?? '')} />;
}
