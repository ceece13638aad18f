import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { CPF_MASK } from '../../resources/students';
import { applyMask, formatPhone, onlyDigits } from '../../resources/text';
import { useApi } from '../api/useApi';
import { fieldErrorsOf, useFieldErrors, useServerWrite } from '../components/serverErrors';
import { cpfText, type GuardianLink } from './GuardiansTab';
import { ServerSearch } from './ServerSearch';
import { KINSHIPS } from '../../resources/guardians';

/** What a link says of the guardian: the body of `PUT /students/{id}/guardians/{guardian_id}`. */
interface LinkValues {
  kinship: string;
  financial_responsible: boolean;
  pedagogical_responsible: boolean;
}

/** A row of `GET /guardians` (and the `data` of `POST /guardians`), as the search offers it. */
interface GuardianOption {
  id: number;
  name: string;
  cpf: string | null;
}

type Marks = ReturnType<typeof useFieldErrors>;

const LINK_FIELDS = ['kinship', 'financial_responsible', 'pedagogical_responsible'] as const;
const GUARDIAN_FIELDS = ['name', 'cpf', 'phone', 'email'] as const;

// Homonyms are common: the CPF tells two "MARIA DA SILVA" apart.
const guardianLabel = (g: GuardianOption) => (g.cpf ? `${g.name} — CPF ${cpfText(g.cpf)}` : g.name);

/** Kinship and the two roles, each with the server's refusal under it. */
function LinkFields({
  values,
  onChange,
  marks,
}: {
  values: LinkValues;
  onChange: (v: LinkValues) => void;
  marks: Marks;
}) {
  const set = <K extends keyof LinkValues>(field: K, value: LinkValues[K]) => {
    onChange({ ...values, [field]: value });
    marks.clear(field);
  };
  const flag = (field: 'financial_responsible' | 'pedagogical_responsible', label: string, hint: string) => (
    <FormControl error={Boolean(marks.errors[field])}>
      <FormControlLabel
        control={<Checkbox checked={values[field]} onChange={(e) => set(field, e.target.checked)} />}
        label={label}
      />
      <FormHelperText sx={{ mt: -0.5 }}>{marks.errors[field] ?? hint}</FormHelperText>
    </FormControl>
  );
  return (
    <>
      <TextField
        select
        label="Parentesco"
        value={values.kinship}
        onChange={(e) => set('kinship', e.target.value)}
        fullWidth
        {...marks.props('kinship')}
      >
        {KINSHIPS.map(({ id, name }) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {flag(
        'financial_responsible',
        'Responsável financeiro',
        // The server moves the mark: a student under 18 has exactly one.
        'Paga as mensalidades; só um por aluno (marcar aqui tira a marca de quem a tinha).',
      )}
      {flag('pedagogical_responsible', 'Responsável pedagógico', 'Acompanha notas, frequência e reuniões.')}
    </>
  );
}

/** The client's own check of a link before it is sent: a kinship must be chosen. */
const linkProblems = (values: LinkValues): Record<string, string> =>
  values.kinship ? {} : { kinship: 'Escolha o parentesco.' };

function LinkGuardianForm({
  studentId,
  linked,
  onClose,
  onLinked,
}: {
  studentId: number;
  linked: number[];
  onClose: () => void;
  onLinked: () => void;
}) {
  const api = useApi();
  const write = useServerWrite();
  const notify = useNotify();
  const marks = useFieldErrors();
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [picked, setPicked] = useState<GuardianOption | null>(null);
  const [draft, setDraft] = useState({ name: '', cpf: '', phone: '', email: '' });
  // A guardian registered here whose link the server then refused: the retry links them, never twice.
  const [created, setCreated] = useState<GuardianOption | null>(null);
  const [values, setValues] = useState<LinkValues>({
    kinship: '',
    financial_responsible: false,
    pedagogical_responsible: false,
  });
  const [busy, setBusy] = useState(false);
  const edit = (field: keyof typeof draft, value: string) => (
    setDraft({ ...draft, [field]: value }),
    marks.clear(field)
  );

  const register = async (): Promise<GuardianOption | null> => {
    const result = await write(
      () =>
        api.registerGuardian<GuardianOption>({
          ...draft,
          cpf: onlyDigits(draft.cpf),
          phone: onlyDigits(draft.phone),
        }),
      { fallback: 'Erro ao cadastrar o responsável.', fields: GUARDIAN_FIELDS, quiet: true },
    );
    if (!result.ok) {
      marks.setErrors(result.errors);
      return null;
    }
    setCreated(result.body.data);
    return result.body.data;
  };

  const save = async () => {
    const guardian = mode === 'existing' ? picked : created;
    const problems = {
      ...linkProblems(values),
      ...(mode === 'existing' && !picked ? { guardian_id: 'Escolha um responsável na busca.' } : {}),
      ...(mode === 'new' && !created && !draft.name.trim() ? { name: 'O nome é obrigatório.' } : {}),
    };
    if (Object.keys(problems).length) {
      marks.setErrors(problems);
      return notify(Object.values(problems)[0], { type: 'warning' });
    }
    setBusy(true);
    const target = guardian ?? (await register());
    if (target) {
      const result = await write(() => api.linkGuardian(studentId, { guardian_id: target.id, ...values }), {
        fallback: 'Erro ao vincular o responsável.',
        fields: [...LINK_FIELDS, 'guardian_id'],
      });
      if (result.ok) onLinked();
      else marks.setErrors(result.errors);
    }
    setBusy(false);
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={mode}
            onChange={(_, next: 'existing' | 'new' | null) => next && setMode(next)}
            aria-label="Responsável já cadastrado ou novo"
          >
            <ToggleButton value="existing">Buscar cadastrado</ToggleButton>
            <ToggleButton value="new">Cadastrar novo</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'existing' ? (
            <ServerSearch
              path="/guardians"
              label="Nome ou CPF do responsável"
              value={picked}
              onChange={(next) => (setPicked(next), marks.clear('guardian_id'))}
              error={marks.errors.guardian_id}
              optionLabel={guardianLabel}
              noOptionsText="Nenhum responsável encontrado"
              exclude={(g) => linked.includes(g.id)}
              autoFocus
            />
          ) : created ? (
            <Alert severity="success">
              {guardianLabel(created)} cadastrado(a). Falta só o vínculo com o aluno.
              {marks.errors.guardian_id && ` ${marks.errors.guardian_id}`}
            </Alert>
          ) : (
            <>
              <TextField
                label="Nome"
                value={draft.name}
                onChange={(e) => edit('name', e.target.value)}
                required
                fullWidth
                {...marks.props('name')}
              />
              <TextField
                label="CPF"
                value={applyMask(draft.cpf, CPF_MASK)}
                onChange={(e) => edit('cpf', onlyDigits(e.target.value).slice(0, 11))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
                {...marks.props('cpf')}
              />
              <TextField
                label="Telefone"
                value={formatPhone(draft.phone)}
                onChange={(e) => edit('phone', onlyDigits(e.target.value).slice(0, 11))}
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
                fullWidth
                {...marks.props('phone')}
              />
              <TextField
                label="E-mail"
                type="email"
                value={draft.email}
                onChange={(e) => edit('email', e.target.value)}
                fullWidth
                {...marks.props('email')}
              />
            </>
          )}
          <LinkFields values={values} onChange={setValues} marks={marks} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Vincular
        </Button>
      </DialogActions>
    </>
  );
}

/** "Vincular responsável": a guardian found by name or CPF, or registered here, and what they are to the student. */
export function LinkGuardianDialog({
  open,
  onClose,
  ...props
}: {
  studentId: number;
  open: boolean;
  linked: number[];
  onClose: () => void;
  onLinked: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="link-guardian-title" fullWidth maxWidth="sm">
      <DialogTitle id="link-guardian-title">Vincular responsável</DialogTitle>
      {/* Mounted while open: a new opening starts empty, a refusal keeps everything typed. */}
      {open && <LinkGuardianForm onClose={onClose} {...props} />}
    </Dialog>
  );
}

function EditLinkForm({
  studentId,
  link,
  onClose,
  onSaved,
}: {
  studentId: number;
  link: GuardianLink;
  onClose: () => void;
  onSaved: () => void;
}) {
  const api = useApi();
  const write = useServerWrite();
  const marks = useFieldErrors();
  const [values, setValues] = useState<LinkValues>({
    kinship: link.kinship,
    financial_responsible: link.financial_responsible,
    pedagogical_responsible: link.pedagogical_responsible,
  });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const problems = linkProblems(values);
    if (Object.keys(problems).length) return marks.setErrors(problems);
    setBusy(true);
    const result = await write(() => api.saveGuardianLink(studentId, link.guardian_id, { ...values }), {
      fallback: 'Erro ao salvar o vínculo.',
      fields: LINK_FIELDS,
    });
    setBusy(false);
    if (result.ok) onSaved();
    else marks.setErrors(result.errors);
  };
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <LinkFields values={values} onChange={setValues} marks={marks} />
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

/** The kinship and roles of one link, changed in a dialog. */
export function EditGuardianLinkDialog({
  link,
  onClose,
  ...props
}: {
  studentId: number;
  link: GuardianLink | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog open={link !== null} onClose={onClose} aria-labelledby="edit-guardian-title" fullWidth maxWidth="sm">
      <DialogTitle id="edit-guardian-title">{link ? `Vínculo de ${link.name}` : 'Vínculo'}</DialogTitle>
      {link && <EditLinkForm key={link.guardian_id} link={link} onClose={onClose} {...props} />}
    </Dialog>
  );
}

/** "Desvincular" after a confirmation; the guardian's record stays (a sibling may share it). */
export function UnlinkGuardianDialog({
  studentId,
  link,
  onClose,
  onUnlinked,
}: {
  studentId: number;
  link: GuardianLink | null;
  onClose: () => void;
  onUnlinked: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => (setRefusal(null), onClose());
  const unlink = async () => {
    if (!link) return;
    setBusy(true);
    try {
      const body = await api.unlinkGuardian(studentId, link.guardian_id);
      notify(body?.message ?? 'Responsável desvinculado.', { type: 'success' });
      setRefusal(null);
      onUnlinked();
      // The list, who pays and the portal's access all read again.
      refresh();
    } catch (error) {
      // A 422 says why under a field this dialog does not have (a minor left without a financial responsible).
      const words =
        Object.values(fieldErrorsOf(error))[0] ??
        (error instanceof Error && error.message ? error.message : 'Erro ao desvincular o responsável.');
      setRefusal(words);
      notify(words, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={link !== null} onClose={busy ? undefined : close} aria-labelledby="unlink-guardian-title">
      <DialogTitle id="unlink-guardian-title">Desvincular responsável?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {link?.name} deixa de ser responsável por este aluno. O cadastro do responsável continua (pode estar vinculado
          a irmãos).
        </DialogContentText>
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" color="error" onClick={() => void unlink()} disabled={busy}>
          Desvincular
        </Button>
      </DialogActions>
    </Dialog>
  );
}
