import {
  Alert,
  Box,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { schoolDayOf } from '../../resources/format';
import { KINSHIPS } from '../../resources/guardians';
import { CPF_MASK } from '../../resources/students';
import { applyMask, EMAIL_PATTERN, formatPhone, isValidCpf, onlyDigits } from '../../resources/text';
import { useApi } from '../api/useApi';
import { useFieldErrors, useServerWrite } from '../components/serverErrors';
import { addressBody, ADDRESS_KEYS, EMPTY_ADDRESS, isComplete, type Address } from './AddressFields';
import { cpfText } from './GuardiansTab';
import { PayerAddress, STUDENT_ADDRESS, type StudentAddress } from './PayerAddress';

/** A guardian as `GET /guardians` and `POST /guardians` answer them (the fields read here). */
export interface FoundGuardian extends Partial<Record<keyof Address, string | null>> {
  id: number;
  name: string;
  cpf: string | null;
  phone?: string | null;
  email?: string | null;
}

/** What the secretary typed in the "Responsável" section of a new student's form. */
export interface GuardianDraft {
  cpf: string;
  name: string;
  phone: string;
  email: string;
  kinship: string;
  financial: boolean;
  /** The financial responsible lives with the student: their address is copied from the student's. */
  sameAddress: boolean;
  /** Otherwise, their own (issue 35: a payer without an address cannot be charged). */
  address: Address;
}

export const EMPTY_DRAFT: GuardianDraft = {
  cpf: '',
  name: '',
  phone: '',
  email: '',
  kinship: '',
  financial: true,
  sameAddress: true,
  address: EMPTY_ADDRESS,
};

const NEW_FIELDS = ['name', 'cpf', 'phone', 'email', ...ADDRESS_KEYS] as const;
const LINK_FIELDS = ['kinship', 'financial_responsible', 'guardian_id'] as const;
export interface GuardianSectionProps {
  draft: GuardianDraft;
  onChange: <K extends keyof GuardianDraft>(field: K, value: GuardianDraft[K]) => void;
  /** The guardian registered under the typed CPF, picked; null when none is (then the fields of a new one). */
  found: FoundGuardian | null;
  searching?: boolean;
  errors: Record<string, string>;
  /** The student's address (stories); otherwise read from the student's form around the section. */
  studentAddress?: StudentAddress;
}

/**
 * The "Responsável" section of a new student's form: a CPF; the guardian with that CPF when there is one, else
 * the fields of a new one; then what they are to the student. Each refusal under its field.
 */
export function GuardianSection({ draft, onChange, found, searching, errors, studentAddress }: GuardianSectionProps) {
  const cpfDone = draft.cpf.length === 11;
  const mark = (field: string) => (errors[field] ? { error: true, helperText: errors[field] } : {});
  return (
    <Box component="section" aria-label="Responsável" sx={{ width: '100%', mb: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2, mb: 1, color: 'text.secondary' }}>
        Responsável
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={2}>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <TextField
            label="CPF do responsável"
            value={applyMask(draft.cpf, CPF_MASK)}
            onChange={(e) => onChange('cpf', onlyDigits(e.target.value).slice(0, 11))}
            slotProps={{
              htmlInput: { inputMode: 'numeric' },
              input: { endAdornment: searching ? <CircularProgress size={18} aria-label="Buscando" /> : undefined },
            }}
            fullWidth
            helperText={errors.cpf ?? 'Opcional. Digite o CPF: se o responsável já estiver cadastrado, ele aparece.'}
            error={Boolean(errors.cpf)}
          />
        </Grid>
        {found ? (
          <Grid size={12}>
            <Alert severity="success">
              Responsável já cadastrado: <strong>{found.name}</strong>
              {found.cpf ? ` — CPF ${cpfText(found.cpf)}` : ''}. Ele será vinculado a este aluno.
              {errors.guardian_id && ` ${errors.guardian_id}`}
            </Alert>
          </Grid>
        ) : (
          cpfDone &&
          !searching && (
            <>
              <Grid size={{ xs: 12, md: 6, xl: 4 }}>
                <TextField
                  label="Nome do responsável"
                  value={draft.name}
                  onChange={(e) => onChange('name', e.target.value)}
                  // The asterisk only: an HTML `required` would stop the whole form when the section is left empty.
                  slotProps={{ inputLabel: { required: true } }}
                  fullWidth
                  {...mark('name')}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6, xl: 4 }}>
                <TextField
                  label="Telefone do responsável"
                  value={formatPhone(draft.phone)}
                  onChange={(e) => onChange('phone', onlyDigits(e.target.value).slice(0, 11))}
                  slotProps={{ htmlInput: { inputMode: 'tel' } }}
                  fullWidth
                  {...mark('phone')}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6, xl: 4 }}>
                <TextField
                  label="E-mail do responsável"
                  type="email"
                  value={draft.email}
                  onChange={(e) => onChange('email', e.target.value)}
                  fullWidth
                  {...mark('email')}
                />
              </Grid>
            </>
          )
        )}
        {(found || cpfDone) && (
          <>
            <Grid size={{ xs: 12, md: 6, xl: 4 }}>
              <TextField
                select
                label="Parentesco"
                value={draft.kinship}
                onChange={(e) => onChange('kinship', e.target.value)}
                slotProps={{ inputLabel: { required: true } }}
                fullWidth
                {...mark('kinship')}
              >
                {KINSHIPS.map(({ id, name }) => (
                  <MenuItem key={id} value={id}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6, xl: 4 }}>
              <FormControlLabel
                control={
                  <Checkbox checked={draft.financial} onChange={(e) => onChange('financial', e.target.checked)} />
                }
                label="Responsável financeiro"
              />
              <FormHelperText error={Boolean(errors.financial_responsible)} sx={{ mt: -0.5 }}>
                {errors.financial_responsible ?? 'Paga as mensalidades (sempre, para aluno menor de 18 anos).'}
              </FormHelperText>
            </Grid>
            {draft.financial && (
              <Grid size={12}>
                <PayerAddress
                  draft={draft}
                  onSame={(same) => onChange('sameAddress', same)}
                  onAddress={(address) => onChange('address', address)}
                  found={found}
                  errors={errors}
                  studentAddress={studentAddress}
                />
              </Grid>
            )}
          </>
        )}
      </Grid>
    </Box>
  );
}

/** Under 18 on the school's calendar (no birth date: an adult, as the server reads it). */
export function isMinor(birthDate: unknown): boolean {
  if (typeof birthDate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(birthDate)) return false;
  const eighteen = `${Number(birthDate.slice(0, 4)) + 18}${birthDate.slice(4, 10)}`;
  return eighteen > schoolDayOf();
}

/**
 * The section's state and its two steps around the student's save: `check` before it (nothing is sent while the
 * guardian part is incomplete), `afterSave` once the student exists (the guardian registered if new, then
 * linked). A refusal leaves everything typed in place, its words under the fields; a guardian already
 * registered by an earlier try is linked, never registered twice.
 */
export function useGuardianOnCreate() {
  const api = useApi();
  const write = useServerWrite();
  const marks = useFieldErrors();
  const [draft, setDraft] = useState<GuardianDraft>(EMPTY_DRAFT);
  // A guardian registered by an earlier try of this save, for the CPF typed then.
  const [registered, setRegistered] = useState<FoundGuardian | null>(null);

  // A complete CPF is looked up among the registered guardians (the list's search covers the CPF).
  const complete = draft.cpf.length === 11;
  const lookup = useQuery({
    queryKey: ['responsaveis', 'cpf', draft.cpf],
    queryFn: () => api.findGuardians(draft.cpf),
    enabled: complete,
    retry: false,
  });
  const searching = complete && lookup.isFetching;
  const found: FoundGuardian | null = !complete
    ? null
    : registered?.cpf === draft.cpf
      ? registered
      : ((searching ? undefined : lookup.data?.find((g) => g.cpf === draft.cpf)) ?? null);

  const onChange = <K extends keyof GuardianDraft>(field: K, value: GuardianDraft[K]) => {
    setDraft((old) => ({ ...old, [field]: value }));
    if (field === 'address') for (const key of ADDRESS_KEYS) marks.clear(key);
    else marks.clear(field === 'financial' ? 'financial_responsible' : field);
  };

  const used = draft.cpf !== '' || draft.name.trim() !== '';

  const check = (): boolean => {
    if (!used) return true;
    const problems: Record<string, string> = {};
    if (!isValidCpf(draft.cpf)) problems.cpf = 'CPF inválido.';
    if (!found && !draft.name.trim()) problems.name = 'O nome do responsável é obrigatório.';
    if (!found && draft.email.trim() && !EMAIL_PATTERN.test(draft.email.trim())) problems.email = 'E-mail inválido.';
    if (!draft.kinship) problems.kinship = 'Escolha o parentesco.';
    const cep = draft.address.cep;
    if (draft.financial && !draft.sameAddress && cep && cep.length !== 8) problems.cep = 'O CEP deve ter 8 dígitos.';
    marks.setErrors(problems);
    return Object.keys(problems).length === 0;
  };

  /** The payer's address to keep with the guardian: the student's (as saved) or the one typed; none if not paying. */
  const payerAddress = (student: RaRecord): Record<string, string | null> => {
    const payer = draft.financial || isMinor(student.birth_date);
    if (!payer) return {};
    if (!draft.sameAddress) return addressBody(draft.address);
    const copied = { ...EMPTY_ADDRESS };
    for (const key of STUDENT_ADDRESS) copied[key] = typeof student[key] === 'string' ? student[key] : '';
    return addressBody(copied);
  };

  const afterSave = async (student: RaRecord): Promise<boolean> => {
    if (!used) return true;
    let guardian = found;
    const address = payerAddress(student);
    if (!guardian) {
      const created = await write(
        () =>
          api.registerGuardian({
            name: draft.name.trim(),
            cpf: draft.cpf,
            phone: draft.phone || null,
            email: draft.email.trim() || null,
            kinship: draft.kinship,
            ...address,
          }),
        { fallback: 'Erro ao cadastrar o responsável.', fields: NEW_FIELDS, quiet: true },
      );
      if (!created.ok) {
        marks.setErrors(created.errors);
        return false;
      }
      guardian = created.body.data;
      // Shown as found from now on: a retry of the link does not register them again.
      setRegistered(guardian);
    } else if (!isComplete(guardian) && Object.values(address).some(Boolean)) {
      // A guardian registered without an address who now pays: completed before the link (a retry repeats it).
      const { id } = guardian;
      const completed = await write(() => api.saveGuardian(id, address), {
        fallback: 'Erro ao salvar o endereço do responsável.',
        fields: ADDRESS_KEYS,
        quiet: true,
      });
      if (!completed.ok) {
        marks.setErrors(completed.errors);
        return false;
      }
    }
    const linked = await write(
      () =>
        api.linkGuardian(Number(student.id), {
          guardian_id: guardian.id,
          kinship: draft.kinship,
          financial_responsible: draft.financial || isMinor(student.birth_date),
          pedagogical_responsible: true,
        }),
      { fallback: 'Erro ao vincular o responsável.', fields: LINK_FIELDS, quiet: true },
    );
    if (!linked.ok) marks.setErrors(linked.errors);
    return linked.ok;
  };

  return {
    element: (
      <GuardianSection draft={draft} onChange={onChange} found={found} searching={searching} errors={marks.errors} />
    ),
    check,
    afterSave,
    clear: () => {
      setDraft(EMPTY_DRAFT);
      setRegistered(null);
      marks.setErrors({});
    },
  };
}
