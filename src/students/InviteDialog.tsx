import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailIcon from '@mui/icons-material/Email';
import LinkIcon from '@mui/icons-material/Link';
import PrintIcon from '@mui/icons-material/Print';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { formatInstantDate } from '../../resources/format';
import { fetchFile, saveBlob } from '../api/files';
import { readBody, refusal } from '../api/http';
import { useApi } from '../api/useApi';
import { fieldErrorsOf } from '../components/serverErrors';

/** Whose access: a guardian, or an adult student who answers for themselves. */
export type PortalOwner = 'guardians' | 'students';

/** `POST …/invite` handed over in person: the link, answered this once (PORTAL-CONTRACT.md). */
export interface InPersonInvitation {
  message: string;
  link: string;
  expires_at: string;
  whatsapp_url: string;
}

/**
 * A refusal in the server's words: the field's message of a 422 (no e-mail), else its `message` — from a
 * dataProvider method (react-admin's HttpError) or a file's answer (ApiRequestError) alike.
 */
export function refusalWords(error: unknown, fallback: string): string {
  const first = Object.values(fieldErrorsOf(error))[0];
  return first ?? (error instanceof Error && error.message ? error.message : fallback);
}

/** "Ana Paula Santos" → "ana-paula-santos", for the letter's file name. */
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The link's QR code, drawn here (qrcode, loaded when first needed): a phone at the desk reads it off the screen. */
function LinkQrCode({ link }: { link: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [link]);
  if (!svg) return <Box sx={{ width: 200, height: 200 }} />;
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code do link do convite"
      sx={{ width: 200, height: 200, bgcolor: '#fff' }}
    />
  );
}

/**
 * The link of an invitation handed over in person, shown once: copied, read as a QR code from the screen, or sent by
 * WhatsApp. Closing the dialog forgets it; the office makes a new invitation to show another.
 */
export function InvitationShown({ invitation, name }: { invitation: InPersonInvitation; name: string }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.link);
      notify('Link do convite copiado.', { type: 'success' });
    } catch {
      // Without a secure context there is no clipboard: the link is selected for Ctrl+C.
      const input = document.getElementById('link-do-convite') as HTMLInputElement | null;
      input?.select();
      notify('Copie o link selecionado (Ctrl+C).', { type: 'info' });
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Entregue agora a {name}: este link <strong>não será mostrado de novo</strong>. Ele vale até{' '}
        {formatInstantDate(invitation.expires_at)} e só pode ser usado uma vez.
      </Alert>
      <TextField
        id="link-do-convite"
        label="Link do convite"
        value={invitation.link}
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label="Copiar o link" onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <LinkQrCode link={invitation.link} />
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            A família aponta a câmera do celular para o QR code, ou recebe o link por WhatsApp, e cria a senha.
          </Typography>
          <Button
            variant="outlined"
            startIcon={<WhatsAppIcon />}
            href={invitation.whatsapp_url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ alignSelf: 'flex-start' }}
          >
            Enviar por WhatsApp
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

export interface InviteDialogProps {
  owner: PortalOwner;
  id: number;
  /** Whom the invitation is for. */
  name: string;
  open: boolean;
  /** Whether e-mails leave this server (SMTP configured): otherwise only the in-person ways are offered. */
  emailDelivery: boolean;
  onClose: () => void;
  /** After the server made the invitation (the access reads "Convidado" from then on). */
  onInvited: () => void;
  /** A link already answered (stories). */
  shown?: InPersonInvitation;
}

type Choice = 'email' | 'link' | 'letter';

/**
 * "Convidar para o portal": by e-mail (when the server sends e-mail), or in person — the link shown once on the screen
 * (copy, QR code, WhatsApp) or a printed letter with a QR code and a one-time code the family types at /portal/ativar.
 * Each choice makes a new invitation, and the previous link or code stops working.
 */
export function InviteDialog(props: InviteDialogProps) {
  const { open, onClose, name } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`convite-${props.owner}-${props.id}`}
    >
      <DialogTitle id={`convite-${props.owner}-${props.id}`}>Convidar {name} para o portal</DialogTitle>
      {/* Mounted while open: closing forgets the link shown. */}
      {open && <InviteChoices {...props} />}
    </Dialog>
  );
}

function InviteChoices({ owner, id, name, emailDelivery, onClose, onInvited, shown }: InviteDialogProps) {
  const notify = useNotify();
  const api = useApi();
  const [busy, setBusy] = useState<Choice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<InPersonInvitation | null>(shown ?? null);

  const invite = async (delivery: 'email' | 'link') => {
    const answer = await api.invitePortal(owner, id, delivery);
    onInvited();
    // Without SMTP the server answers the link even when the e-mail was asked for.
    if (answer.link) return setInvitation(answer as InPersonInvitation);
    notify(answer.message, { type: 'success' });
    onClose();
  };

  const letter = async () => {
    const response = await fetchFile(`/${owner}/${id}/invitation-letter`, 'POST');
    if (!response.ok) throw refusal(response, await readBody(response), 'Não foi possível gerar a carta do convite.');
    saveBlob(await response.blob(), `convite-portal-${slug(name)}.pdf`);
    onInvited();
    notify(`Carta do convite baixada: imprima e entregue a ${name}.`, { type: 'success' });
    onClose();
  };

  const run = async (choice: Choice) => {
    setBusy(choice);
    setProblem(null);
    try {
      await (choice === 'letter' ? letter() : invite(choice));
    } catch (error) {
      setProblem(refusalWords(error, 'Não foi possível criar o convite.'));
    } finally {
      setBusy(null);
    }
  };

  const option = (choice: Choice, label: string, icon: ReactNode, hint: string) => (
    <Stack spacing={0.5}>
      <Button
        variant={choice === 'email' || (!emailDelivery && choice === 'link') ? 'contained' : 'outlined'}
        startIcon={busy === choice ? <CircularProgress size={16} /> : icon}
        disabled={busy !== null}
        onClick={() => void run(choice)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {label}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </Stack>
  );

  return (
    <>
      <DialogContent>
        {invitation ? (
          <InvitationShown invitation={invitation} name={name} />
        ) : (
          <Stack spacing={2}>
            {!emailDelivery && (
              <Alert severity="info">
                Este servidor não envia e-mails (SMTP não configurado): entregue o convite pessoalmente.
              </Alert>
            )}
            {emailDelivery &&
              option('email', 'Enviar por e-mail', <EmailIcon />, 'O link de ativação vai para o e-mail do cadastro.')}
            {option(
              'link',
              'Mostrar o link agora',
              <LinkIcon />,
              'Para copiar, mostrar o QR code na tela ou enviar por WhatsApp. O link aparece uma vez só.',
            )}
            {option(
              'letter',
              'Imprimir carta com código',
              <PrintIcon />,
              'Uma página com QR code e um código de convite que a família digita em /portal/ativar.',
            )}
            <Typography variant="body2" color="text.secondary">
              Cada convite novo invalida o anterior. O convite vale 7 dias e só pode ser usado uma vez.
            </Typography>
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy !== null}>
          {invitation ? 'Concluir' : 'Cancelar'}
        </Button>
      </DialogActions>
    </>
  );
}
