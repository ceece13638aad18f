import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatBRL, formatDate } from '../format';
import type { ReEnrolment } from './api';

/** The fields a family may correct (the server validates each with the record's own rule). */
const STUDENT_FIELDS = [
  ['email', 'E-mail do aluno'],
  ['phone', 'Telefone do aluno'],
] as const;
const GUARDIAN_FIELDS = [
  ['email', 'E-mail'],
  ['phone', 'Telefone'],
  ['cep', 'CEP'],
  ['street', 'Logradouro'],
  ['number', 'Número'],
  ['neighborhood', 'Bairro'],
  ['city', 'Cidade'],
] as const;

type Values = Record<string, string>;
const text = (v: unknown) => (v == null ? '' : String(v));

/** Dados: the student's and guardians' data as stored with the family's proposal over it, editable. */
export function DataStep({
  reEnrolment,
  busy,
  onSave,
}: {
  reEnrolment: ReEnrolment;
  busy: boolean;
  onSave: (changes: { student: Record<string, unknown>; guardians: Record<string, unknown>[] }) => void;
}) {
  const { data, changes } = reEnrolment;
  const proposed = (id: number) => changes.guardians?.find((g) => g.id === id)?.values ?? {};
  const [student, setStudent] = useState<Values>(() =>
    Object.fromEntries(STUDENT_FIELDS.map(([f]) => [f, text(changes.student?.[f] ?? data.student[f])])),
  );
  const [guardians, setGuardians] = useState<Record<number, Values>>(() =>
    Object.fromEntries(
      data.guardians.map((g) => [
        g.id,
        Object.fromEntries(GUARDIAN_FIELDS.map(([f]) => [f, text(proposed(g.id)[f] ?? g[f])])),
      ]),
    ),
  );
  // Only what differs from the record is a change; an emptied field is a change to nothing.
  const diff = (values: Values, stored: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([f, v]) => v !== text(stored[f]))
        .map(([f, v]) => [f, v || null]),
    );
  const save = () =>
    onSave({
      student: diff(student, data.student),
      guardians: data.guardians.map((g) => ({ id: g.id, ...diff(guardians[g.id], g) })),
    });
  return (
    <Stack spacing={2}>
      <Alert severity="info">As alterações serão conferidas pela secretaria antes de valer.</Alert>
      <Typography variant="subtitle1" component="h3">
        {data.student.name}
      </Typography>
      {STUDENT_FIELDS.map(([f, label]) => (
        <TextField
          key={f}
          label={label}
          value={student[f]}
          onChange={(e) => setStudent({ ...student, [f]: e.target.value })}
        />
      ))}
      {data.guardians.map((g) => (
        <Stack key={g.id} spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography variant="subtitle1" component="legend" sx={{ mb: 1 }}>
            {g.name}
            {g.financial_responsible ? ' (responsável financeiro)' : ''}
          </Typography>
          {GUARDIAN_FIELDS.map(([f, label]) => (
            <TextField
              key={f}
              label={label}
              value={guardians[g.id][f]}
              onChange={(e) => setGuardians({ ...guardians, [g.id]: { ...guardians[g.id], [f]: e.target.value } })}
            />
          ))}
        </Stack>
      ))}
      <Box>
        <Button variant="contained" onClick={save} disabled={busy}>
          Confirmar dados
        </Button>
      </Box>
    </Stack>
  );
}

/** Documentos: each asked document, its state, and a button to send (or replace) it. */
export function DocumentsStep({
  reEnrolment,
  busy,
  onUpload,
}: {
  reEnrolment: ReEnrolment;
  busy: boolean;
  onUpload: (name: string, file: File) => void;
}) {
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {reEnrolment.documents.map((d) => (
        <Stack component="li" key={d.name} spacing={1}>
          <Typography fontWeight={600}>{d.name}</Typography>
          <Typography variant="body2" color={d.uploaded ? 'success.main' : 'text.secondary'}>
            {d.uploaded ? `Enviado (${Math.max(1, Math.round(d.uploaded.size / 1024))} KB)` : 'Ainda não enviado'}
          </Typography>
          <Box>
            <Button variant="outlined" component="label" disabled={busy}>
              {d.uploaded ? 'Trocar arquivo' : 'Enviar arquivo'}
              <input
                hidden
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                aria-label={`Arquivo: ${d.name}`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) onUpload(d.name, file);
                  e.target.value = '';
                }}
              />
            </Button>
          </Box>
        </Stack>
      ))}
      <Typography variant="body2" color="text.secondary" component="li">
        PDF ou foto (JPEG ou PNG), até 10 MB cada.
      </Typography>
    </Stack>
  );
}

/** Plano: the plans offered for the target team. */
export function PlanStep({
  reEnrolment,
  busy,
  onChoose,
}: {
  reEnrolment: ReEnrolment;
  busy: boolean;
  onChoose: (planId: number) => void;
}) {
  const [chosen, setChosen] = useState<number | null>(reEnrolment.plan_id ?? reEnrolment.plans[0]?.id ?? null);
  if (!reEnrolment.plans.length)
    return <Alert severity="warning">A escola ainda não definiu o plano desta turma.</Alert>;
  return (
    <Stack spacing={2}>
      <RadioGroup
        aria-label="Planos de pagamento"
        value={chosen ?? ''}
        onChange={(e) => setChosen(Number(e.target.value))}
      >
        {reEnrolment.plans.map((p) => (
          <FormControlLabel
            key={p.id}
            value={p.id}
            control={<Radio />}
            label={`${p.name}: ${p.instalments}× ${formatBRL(p.value)} (vencimento dia ${p.due_day})`}
          />
        ))}
      </RadioGroup>
      <Box>
        <Button
          variant="contained"
          disabled={busy || chosen === null}
          onClick={() => chosen !== null && onChoose(chosen)}
        >
          Escolher este plano
        </Button>
      </Box>
    </Stack>
  );
}

/** Contrato: read the PDF, accept, get the code by e-mail, type it; once signed, the verification code. */
export function ContractStep({
  reEnrolment,
  busy,
  read,
  sentTo,
  onRead,
  onSendCode,
  onSign,
}: {
  reEnrolment: ReEnrolment;
  busy: boolean;
  /** The contract was opened here (its SHA-256 computed from the bytes read). */
  read: boolean;
  sentTo: string | null;
  onRead: () => void;
  onSendCode: () => void;
  onSign: (code: string) => void;
}) {
  const [accepted, setAccepted] = useState(false);
  const [code, setCode] = useState('');
  if (reEnrolment.contract.signed_code)
    return (
      <Alert severity="success">
        Contrato assinado eletronicamente. Código de verificação: <strong>{reEnrolment.contract.signed_code}</strong>
      </Alert>
    );
  // Lei 9.870/99, art. 5º: a school that refuses re-enrolment for debt (its setting) shows it, and where to pay it.
  if (reEnrolment.debt)
    return (
      <Alert
        severity="warning"
        action={
          <Button
            component={Link}
            to={`/portal/alunos/${reEnrolment.data.student.id}?secao=financeiro`}
            color="inherit"
            size="small"
          >
            Pagar
          </Button>
        }
      >
        Há {formatBRL(reEnrolment.debt.value)} em cobranças vencidas. A escola só rematricula sem débito em aberto (Lei
        9.870/99, art. 5º): pague-as no Financeiro do aluno e volte para assinar o contrato.
      </Alert>
    );
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="outlined" onClick={onRead} disabled={busy}>
          Abrir o contrato (PDF)
        </Button>
      </Box>
      {reEnrolment.campaign.terms && <Typography variant="body2">{reEnrolment.campaign.terms}</Typography>}
      <FormControlLabel
        control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} disabled={!read} />}
        label="Li e aceito o contrato"
      />
      <Box>
        <Button variant="outlined" onClick={onSendCode} disabled={busy || !read || !accepted}>
          Enviar código
        </Button>
      </Box>
      {sentTo && (
        <>
          <Typography variant="body2">
            Enviamos um código de 6 dígitos para {sentTo}. Ele vale por 15 minutos.
          </Typography>
          <TextField
            label="Código recebido"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
          />
          <Box>
            <Button variant="contained" onClick={() => onSign(code)} disabled={busy || code.length !== 6}>
              Assinar
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}

/** Pagamento: the first instalment, paid through the portal's own payment dialog. */
export function PaymentStep({ reEnrolment, onPay }: { reEnrolment: ReEnrolment; onPay: () => void }) {
  if (reEnrolment.first_charge_after_acceptance)
    return <Alert severity="info">A 1ª parcela é cobrada depois que a secretaria aceitar a matrícula.</Alert>;
  const charge = reEnrolment.first_charge;
  if (!charge) return <Typography color="text.secondary">A 1ª parcela aparece aqui depois da assinatura.</Typography>;
  if (charge.paid) return <Alert severity="success">1ª parcela paga em {formatDate(charge.paid_at)}.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography>
        1ª parcela: <strong>{formatBRL(charge.value)}</strong>, vencimento {formatDate(charge.due_date)}.
      </Typography>
      <Box>
        <Button variant="contained" onClick={onPay}>
          Pagar
        </Button>
      </Box>
    </Stack>
  );
}
