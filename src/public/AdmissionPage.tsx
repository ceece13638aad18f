import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatPhone } from '../../resources/text';
import { ApiRequestError } from '../api/http';
import { admissionClient, type AdmissionAnswer, type OpenAdmission } from './admissionClient';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck';
import { PublicLayout } from './PublicLayout';

const EMPTY = {
  team_id: '',
  student_name: '',
  birth_date: '',
  student_cpf: '',
  guardian_name: '',
  guardian_cpf: '',
  email: '',
  phone: '',
  website: '',
};
type Values = typeof EMPTY;
/** The server's field paths (`student.cpf`) → the form's inputs. */
const FIELD_OF: Record<string, keyof Values> = {
  team_id: 'team_id',
  'student.name': 'student_name',
  'student.birth_date': 'birth_date',
  'student.cpf': 'student_cpf',
  'guardian.name': 'guardian_name',
  'guardian.cpf': 'guardian_cpf',
  'guardian.email': 'email',
  'guardian.phone': 'phone',
};

/** The answer a family sees after sending, or on the e-mailed link's page. */
export function AdmissionAnswerCard({ answer }: { answer: AdmissionAnswer }) {
  const severity = answer.status === 'recusada' ? 'warning' : answer.status === 'espera' ? 'info' : 'success';
  return (
    <Alert severity={severity} role="status">
      {answer.message}
    </Alert>
  );
}

/** The form's inputs and the sending; `open` is the campaign the page read. */
export function AdmissionFormCard({ open }: { open: OpenAdmission }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [payload, setPayload] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<AdmissionAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const check = useRef<HumanCheckHandle>(null);
  const set = (field: keyof Values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [field]: field === 'phone' ? formatPhone(e.target.value) : e.target.value });
    setErrors({ ...errors, [field]: undefined });
  };
  const input = (field: keyof Values, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={set(field)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      fullWidth
      {...extra}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!payload) return;
    setSending(true);
    setFailure(null);
    try {
      setAnswer(
        await admissionClient.send({
          team_id: Number(values.team_id),
          student: { name: values.student_name, birth_date: values.birth_date, cpf: values.student_cpf },
          guardian: { name: values.guardian_name, cpf: values.guardian_cpf, email: values.email, phone: values.phone },
          altcha: payload,
          website: values.website,
        }),
      );
    } catch (error) {
      const body = error instanceof ApiRequestError ? (error.body as { errors?: Record<string, string[]> }) : null;
      const found: Partial<Record<keyof Values, string>> = {};
      for (const [path, list] of Object.entries(body?.errors ?? {}))
        if (FIELD_OF[path]) found[FIELD_OF[path]] = list[0];
      setErrors(found);
      setFailure(error instanceof Error ? error.message : 'Não foi possível enviar o pedido.');
    } finally {
      setSending(false);
      check.current?.reset();
    }
  };

  if (answer) return <AdmissionAnswerCard answer={answer} />;
  return (
    <Grid container spacing={2} component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Grid size={12}>
        {input('team_id', 'Turma', {
          select: true,
          required: true,
          children: open.teams.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name} — {t.places}
            </MenuItem>
          )),
        })}
      </Grid>
      <Grid size={12}>
        <Typography variant="h6" component="h2">
          Aluno
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('student_name', 'Nome completo do aluno', { required: true })}</Grid>
      {/* Full width on a phone: half of 390 px cut both labels short ("Data de nascim…"). */}
      <Grid size={{ xs: 12, sm: 3 }}>
        {input('birth_date', 'Data de nascimento', { required: true, placeholder: 'dd/mm/aaaa' })}
      </Grid>
      <Grid size={{ xs: 12, sm: 3 }}>{input('student_cpf', 'CPF do aluno (se tiver)', { inputMode: 'numeric' })}</Grid>
      <Grid size={12}>
        <Typography variant="h6" component="h2">
          Responsável
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('guardian_name', 'Nome completo do responsável', { required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('guardian_cpf', 'CPF do responsável', { required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('email', 'E-mail', { required: true, type: 'email' })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('phone', 'Telefone', { placeholder: '(##) #####-####' })}</Grid>
      {/* The honeypot: off screen and out of the accessibility tree; only a bot fills it. */}
      <div
        aria-hidden="true"
        style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
      >
        <label>
          Site
          <input tabIndex={-1} autoComplete="off" name="website" value={values.website} onChange={set('website')} />
        </label>
      </div>
      <Grid size={12}>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <HumanCheck ref={check} onChange={setPayload} />
        <Button
          type="submit"
          variant="contained"
          disabled={!payload || sending}
          startIcon={sending ? <CircularProgress size={18} /> : <SendIcon />}
        >
          Enviar pedido
        </Button>
      </Grid>
    </Grid>
  );
}

/** "Matrícula {ano}": the public form while a campaign for new families is open (issue 39). */
export function AdmissionPage() {
  const [open, setOpen] = useState<OpenAdmission | null | undefined>(undefined);
  useEffect(() => {
    admissionClient
      .open()
      .then((r) => setOpen(r.data))
      .catch(() => setOpen(null));
  }, []);
  return (
    // The hero names the page (its one h1), not the home's document verification.
    <PublicLayout headline={open ? `Matrícula ${open.year}` : 'Matrícula'}>
      <Card component="section" aria-labelledby="matricula-titulo">
        <CardContent>
          <Typography id="matricula-titulo" variant="h5" component="h2" gutterBottom>
            Inscrição de novo aluno
          </Typography>
          {open === undefined && <CircularProgress aria-label="Carregando" />}
          {open === null && <Alert severity="info">As inscrições para novos alunos não estão abertas.</Alert>}
          {open && <AdmissionFormCard open={open} />}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}

/** The e-mailed link's page: that request's status only. */
export function AdmissionFollowPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [answer, setAnswer] = useState<AdmissionAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    admissionClient
      .follow(token)
      .then(setAnswer)
      .catch((e: unknown) => setFailure(e instanceof Error ? e.message : 'Pedido não encontrado.'));
  }, [token]);
  return (
    <PublicLayout headline="Pedido de matrícula">
      <Card component="section" aria-labelledby="acompanhar-titulo">
        <CardContent>
          <Typography id="acompanhar-titulo" variant="h5" component="h2" gutterBottom>
            Situação do pedido
          </Typography>
          {answer && <AdmissionAnswerCard answer={answer} />}
          {failure && <Alert severity="error">{failure}</Alert>}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
