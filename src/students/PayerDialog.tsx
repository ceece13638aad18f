import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { applyMask, formatPhone, onlyDigits } from '../../resources/text';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { useFieldErrors, useServerWrite } from '../components/serverErrors';
import { CPF_MASK } from '../../resources/students';
import { AddressFields, addressBody, ADDRESS_KEYS, type Address } from './AddressFields';

/** `GET /students/{id}/payer`: whoever pays the student's charges (server/guardians/payer.ts). */
export interface PayerRecord extends Partial<Record<keyof Address, string | null>> {
  self: boolean;
  guardian_id: number | null;
  name: string;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  kinship: string;
}

/** A field the payer route completes: the contact and the address. */
export type PayerField = 'email' | 'phone' | keyof Address;
const FIELDS: PayerField[] = ['email', 'phone', ...ADDRESS_KEYS];

const addressOf = (payer: PayerRecord): Address =>
  Object.fromEntries(ADDRESS_KEYS.map((k) => [k, payer[k] ?? ''])) as unknown as Address;

export interface PayerFormProps {
  studentId: number;
  payer: PayerRecord;
  /** The field to start at (the one a refused PIX or boleto named). */
  focus?: string;
  onClose: () => void;
  onSaved: (payer: PayerRecord) => void;
}

/**
 * The contact and address of whoever pays, completed from where the charge is made (issue 35): `PUT
 * /students/{id}/payer`, which a finance clerk may call (the rest of the guardian's record is the office's). The CPF is
 * not here: without it, the office completes the record itself.
 */
export function PayerForm({ studentId, payer, focus, onClose, onSaved }: PayerFormProps) {
  const api = useApi();
  const write = useServerWrite();
  const marks = useFieldErrors();
  const office = useAllows()('students.write');
  const [email, setEmail] = useState(payer.email ?? '');
  const [phone, setPhone] = useState(payer.phone ?? '');
  const [address, setAddress] = useState<Address>(addressOf(payer));
  const [busy, setBusy] = useState(false);
  const keys = payer.self ? ADDRESS_KEYS.filter((k) => k !== 'complement') : ADDRESS_KEYS;
  const save = async () => {
    setBusy(true);
    const result = await write(
      () =>
        api.savePayer(studentId, { email: email.trim() || null, phone: phone || null, ...addressBody(address, keys) }),
      { fallback: 'Erro ao salvar o cadastro de quem paga.', fields: FIELDS },
    );
    setBusy(false);
    if (result.ok) onSaved(result.body.data);
    else marks.setErrors(result.errors);
  };
  const record = payer.self ? `/admin/alunos/${studentId}/editar` : `/admin/responsaveis/${payer.guardian_id}/editar`;
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {payer.self ? 'O próprio aluno paga' : 'Responsável financeiro'}: <strong>{payer.name}</strong>
            {payer.cpf ? ` — CPF ${applyMask(payer.cpf, CPF_MASK)}` : ''}
          </Typography>
          {!payer.cpf && (
            <Alert severity="warning">
              Falta o CPF, que não se altera aqui.{' '}
              {office ? (
                <Link component={RouterLink} to={record}>
                  Abrir o cadastro
                </Link>
              ) : (
                'Peça à secretaria para completar o cadastro.'
              )}
            </Alert>
          )}
          <Grid container columnSpacing={2} rowSpacing={2}>
            <Grid size={{ xs: 12, sm: 7 }}>
              <TextField
                label="E-mail"
                type="email"
                value={email}
                onChange={(e) => (setEmail(e.target.value), marks.clear('email'))}
                autoFocus={focus === 'email'}
                fullWidth
                {...marks.props('email')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                label="Telefone"
                value={formatPhone(phone)}
                onChange={(e) => (setPhone(onlyDigits(e.target.value).slice(0, 11)), marks.clear('phone'))}
                autoFocus={focus === 'phone'}
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
                fullWidth
                {...marks.props('phone')}
              />
            </Grid>
          </Grid>
          <AddressFields
            value={address}
            onChange={(next, changed) => (setAddress(next), changed.forEach((k) => marks.clear(k)))}
            errors={marks.errors}
            without={payer.self ? ['complement'] : []}
            autoFocus={ADDRESS_KEYS.find((k) => k === focus)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Salvar
        </Button>
      </DialogActions>
    </>
  );
}

export interface PayerDialogProps {
  studentId: number;
  open: boolean;
  focus?: string;
  onClose: () => void;
  onSaved?: (payer: PayerRecord) => void;
  /** The payer already at hand (stories). */
  payer?: PayerRecord;
}

/** "Contato e endereço de quem paga": the payer read when the dialog opens, then PayerForm. */
export function PayerDialog({ studentId, open, focus, onClose, onSaved, payer: given }: PayerDialogProps) {
  const api = useApi();
  // Read each time the dialog opens, under the student's key: linking a guardian who pays changes it.
  const { data: loaded, error } = useQuery({
    queryKey: ['alunos', studentId, 'quem-paga'],
    queryFn: () => api.getPayer(studentId),
    enabled: open && !given,
    // A refusal is final (a busy server is already asked again by apiRequest): its words show at once.
    retry: false,
  });
  const payer = given ?? loaded ?? null;
  const failure = error ? error.message || 'Erro ao carregar.' : null;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="quem-paga-titulo">
      <DialogTitle id="quem-paga-titulo">Contato e endereço de quem paga</DialogTitle>
      {open && payer ? (
        <PayerForm
          key={`${studentId}-${payer.guardian_id ?? 'aluno'}`}
          studentId={studentId}
          payer={payer}
          focus={focus}
          onClose={onClose}
          onSaved={(saved) => (onSaved?.(saved), onClose())}
        />
      ) : (
        <DialogContent>
          {failure ? <Alert severity="error">{failure}</Alert> : <Typography>Carregando…</Typography>}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Whether a field a refused PIX or boleto names (server/payments/routes.ts) is completed here (the CPF is not). */
export const isPayerField = (field: string): field is PayerField => (FIELDS as string[]).includes(field);

/** What a PIX or boleto refused for an incomplete payer answers beside its words (`payer` of the 422). */
export interface PayerFix {
  student_id: number;
  guardian_id: number | null;
  missing: string[];
}

/** The `payer` of a refusal's body, when it has one. */
export function payerFixOf(body: unknown): PayerFix | null {
  const fix = (body as { payer?: Partial<PayerFix> } | null | undefined)?.payer;
  return fix && typeof fix.student_id === 'number' && Array.isArray(fix.missing) ? (fix as PayerFix) : null;
}

/**
 * "Completar o cadastro" beside a refused PIX or boleto: the payer's dialog, opened at the first missing field it
 * completes. Nothing for a role that may change neither students nor charges.
 */
export function PayerFixButton({ fix, onSaved }: { fix: PayerFix; onSaved?: () => void }) {
  const allows = useAllows();
  const [open, setOpen] = useState(false);
  if (!allows('finance.write') && !allows('students.write')) return null;
  return (
    <>
      <Button color="inherit" size="small" onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
        Completar o cadastro
      </Button>
      <PayerDialog
        studentId={fix.student_id}
        open={open}
        focus={fix.missing.find(isPayerField)}
        onClose={() => setOpen(false)}
        onSaved={() => onSaved?.()}
      />
    </>
  );
}
