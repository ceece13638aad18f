import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, Title, useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAllows } from '../admin/useAllows';
import { ALL_ROWS } from '../../dataProvider';
import { useApi } from '../api/useApi';
import { BRANDING_KEY, type Branding } from '../branding';
import { SaveBackButtons } from '../components/SaveBackButtons';
import { schoolPhonesField, schoolSettingsFields } from '../../resources/school-settings';
import {
  NotificationSettings,
  notificationsBody,
  notificationsForm,
  type Notifications,
  type NotificationsForm,
} from './NotificationSettings';
import { LATE_FEES_DEFAULT, LateFeeSettings, lateFeesBody, lateFeesForm, type LateFees } from './LateFeeSettings';
import {
  RESULT_RULES_DEFAULT,
  ResultRulesSettings,
  resultRulesBody,
  resultRulesForm,
  type ResultRules,
} from './ResultRulesSettings';
import { SchoolLogoField } from './SchoolLogoField';
import { CensusSettings, censusBody, censusForm, type CensusForm } from './CensusSettings';
import { schoolCensusFields, type SchoolCensusName } from '../../resources/school-settings';
import { wholeOrTyped } from './typed';

export type SchoolSettings = Branding & {
  contract_text_document_id: number | null;
  require_two_step?: boolean;
  minimum_attendance?: number;
  justified_absences_count?: boolean;
  refuse_debtors?: boolean;
  notifications?: Notifications;
  late_fees?: LateFees;
  results?: ResultRules;
} & Partial<Record<SchoolCensusName, string | number | null>>;

const NOTIFICATIONS_DEFAULT: Notifications = {
  grades: true,
  documents: true,
  charge_due: true,
  charge_due_days: 3,
  charge_overdue: true,
  charge_overdue_days: 1,
};

type Form = Record<
  | 'school_name'
  | 'main_service'
  | 'email'
  | 'phones'
  | 'main_color'
  | 'secondary_color'
  | 'city'
  | 'average_grade'
  | 'contract_text_document_id'
  | 'minimum_attendance',
  string
>;

const toForm = (s: SchoolSettings): Form => ({
  school_name: s.school_name,
  main_service: s.main_service ?? '',
  email: s.email ?? '',
  phones: s.phones.join(', '),
  main_color: s.main_color,
  secondary_color: s.secondary_color,
  city: s.city ?? '',
  average_grade: String(s.average_grade).replace('.', ','),
  contract_text_document_id: s.contract_text_document_id ? String(s.contract_text_document_id) : '',
  minimum_attendance: String(s.minimum_attendance ?? 75),
});

interface FormField {
  name: keyof Form;
  label: string;
  helper?: string;
  type?: string;
  required?: boolean;
  /** The server's cap, so that typing stops there. */
  maxLength?: number;
}

// The plain fields come from their configs (the server validates them from the same ones).
const configured = Object.fromEntries(
  schoolSettingsFields.map((f): [string, FormField] => [
    f.name,
    {
      name: f.name as keyof Form,
      label: f.label,
      helper: f.helperText,
      type: f.type === 'email' ? 'email' : 'text',
      required: f.required === true,
      maxLength: f.maxLength,
    },
  ]),
);

const FIELDS: FormField[] = [
  configured.school_name,
  configured.main_service,
  configured.email,
  { name: 'phones', label: schoolPhonesField.label, helper: schoolPhonesField.helperText },
  configured.city,
  { name: 'average_grade', label: 'Média de aprovação', helper: 'De 0 a 10, por exemplo 6 ou 6,5.' },
  { name: 'main_color', label: 'Cor principal', type: 'color' },
  { name: 'secondary_color', label: 'Cor secundária', type: 'color' },
];

export const READ_ONLY_SETTINGS = 'Somente consulta: o seu perfil vê as configurações da escola, mas não as altera.';

/**
 * Configurações da escola: identity, passing average and the text used for enrolment contracts. A role without
 * `settings.manage` (the server's 403 on PUT) sees them read-only: every input disabled, no SALVAR.
 */
export function SchoolSettingsPage() {
  const notify = useNotify();
  const readOnly = !useAllows()('settings.manage');
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  // Issue 24: Administração and Financeiro must sign in with the authenticator's code.
  const [requireTwoStep, setRequireTwoStep] = useState(false);
  // Issue 25: whether an absence with a justification (atestado) counts against the frequency.
  const [justifiedCount, setJustifiedCount] = useState(false);
  const [refuseDebtors, setRefuseDebtors] = useState(false);
  // Issue 26: which e-mails families get.
  const [notifications, setNotifications] = useState<NotificationsForm>(notificationsForm(NOTIFICATIONS_DEFAULT));
  // Issue 27: late fine, interest and punctuality discount.
  const [lateFees, setLateFees] = useState(lateFeesForm(LATE_FEES_DEFAULT));
  // Issue 38: how the year's results are reached.
  const [resultRules, setResultRules] = useState(resultRulesForm(RESULT_RULES_DEFAULT));
  // Issue 40: the school's census data.
  const [census, setCensus] = useState<CensusForm>(censusForm({}));
  // Issue 35: the logo, sent on its own (SchoolLogoField).
  const [logo, setLogo] = useState<string | null>(null);
  const { data: templates = [] } = useGetList('ensinos/documentos', {
    pagination: { page: 1, perPage: ALL_ROWS },
    sort: { field: 'name', order: 'ASC' },
  });
  const api = useApi();
  const queryClient = useQueryClient();
  // Shared with the city prompt; the form takes the settings once, so that a reload never overwrites what is
  // being typed.
  const { data: loaded, error: loadError } = useQuery({
    queryKey: ['configuracoes-da-escola'],
    queryFn: () => api.getSchoolSettings(),
    retry: false,
  });
  const show = (settings: SchoolSettings) => {
    setForm(toForm(settings));
    setRequireTwoStep(Boolean(settings.require_two_step));
    setJustifiedCount(Boolean(settings.justified_absences_count));
    setRefuseDebtors(Boolean(settings.refuse_debtors));
    setNotifications(notificationsForm(settings.notifications ?? NOTIFICATIONS_DEFAULT));
    setLateFees(lateFeesForm(settings.late_fees ?? LATE_FEES_DEFAULT));
    setResultRules(resultRulesForm(settings.results ?? RESULT_RULES_DEFAULT));
    setCensus(censusForm(settings));
  };
  useEffect(() => {
    if (!loaded || form) return;
    show(loaded);
    setLogo(loaded.colored_logo);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the settings first arrive
  }, [loaded]);
  useEffect(() => {
    if (loadError) notify(loadError.message || 'Erro ao carregar as configurações.', { type: 'error' });
  }, [loadError, notify]);
  if (!form) return <CircularProgress sx={{ m: 4 }} aria-label="Carregando" />;

  const set = (name: keyof Form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [name]: event.target.value });
  const save = async () => {
    setSaving(true);
    try {
      const answer = await api.saveSchoolSettings({
        ...form,
        // A whole number goes as one; anything else as typed, for the server's message.
        minimum_attendance: wholeOrTyped(form.minimum_attendance),
        justified_absences_count: justifiedCount,
        refuse_debtors: refuseDebtors,
        require_two_step: requireTwoStep,
        notifications: notificationsBody(notifications),
        late_fees: lateFeesBody(lateFees),
        results: resultRulesBody(resultRules),
        ...censusBody(census),
      });
      setErrors({});
      show(answer.data);
      queryClient.setQueryData(['configuracoes-da-escola'], answer.data);
      // The public pages read the branding from here until they fetch it again.
      const {
        contract_text_document_id: _template,
        require_two_step: _twoStep,
        minimum_attendance: _minimum,
        justified_absences_count: _justified,
        refuse_debtors: _refuseDebtors,
        notifications: _notifications,
        late_fees: _lateFees,
        results: _results,
        ...rest
      } = answer.data;
      // The census data is no branding: the public pages never read it.
      const branding = Object.fromEntries(
        Object.entries(rest).filter(([key]) => !schoolCensusFields.some((f) => f.name === key)),
      );
      localStorage.setItem(
        BRANDING_KEY,
        JSON.stringify({ ...JSON.parse(localStorage.getItem(BRANDING_KEY) ?? '{}'), ...branding }),
      );
      notify(answer.message, { type: 'success' });
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string[]> } | null) : null;
      setErrors(body?.errors ?? {});
      notify(error instanceof Error ? error.message : 'Erro ao salvar as configurações.', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const errorOf = (name: string) => errors[name]?.[0];
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Configurações da escola" />
      <CardContent>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {READ_ONLY_SETTINGS}
          </Alert>
        )}
        {/* Read-only, a disabled fieldset disables every native input under it (texts, switches) at once. */}
        <Stack component="fieldset" disabled={readOnly} spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          {FIELDS.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              type={f.type ?? 'text'}
              value={form[f.name]}
              onChange={set(f.name)}
              error={Boolean(errorOf(f.name))}
              helperText={errorOf(f.name) ?? f.helper}
              required={f.required}
              slotProps={f.maxLength ? { htmlInput: { maxLength: f.maxLength } } : undefined}
              sx={f.type === 'color' ? { maxWidth: 200 } : undefined}
            />
          ))}
          <SchoolLogoField value={logo} onChange={setLogo} />
          <Typography variant="subtitle1" sx={{ pt: 1 }}>
            Contratos
          </Typography>
          <TextField
            select
            label="Texto do contrato"
            value={form.contract_text_document_id}
            onChange={set('contract_text_document_id')}
            // Read-only, not disabled: it reads as the inputs around it do.
            slotProps={{ input: { readOnly } }}
            error={Boolean(errorOf('contract_text_document_id'))}
            helperText={
              errorOf('contract_text_document_id') ??
              'O texto de documento preenchido com os dados do aluno e da turma em cada contrato de matrícula.'
            }
          >
            <MenuItem value="">— Nenhum —</MenuItem>
            {templates.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {String(t.name)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="subtitle1" sx={{ pt: 1 }}>
            Frequência
          </Typography>
          <TextField
            label="Frequência mínima para aprovação (%)"
            value={form.minimum_attendance}
            onChange={set('minimum_attendance')}
            error={Boolean(errorOf('minimum_attendance'))}
            helperText={errorOf('minimum_attendance') ?? 'De 0 a 100; a LDB (art. 24, VI) pede 75.'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            sx={{ maxWidth: 320 }}
          />
          <div>
            <FormControlLabel
              control={<Switch checked={justifiedCount} onChange={(_event, on) => setJustifiedCount(on)} />}
              label="Faltas justificadas (atestado) contam como faltas"
            />
            <FormHelperText>
              Desligado: a falta justificada é abonada e não reduz a frequência; ela fica registrada com o motivo.
            </FormHelperText>
          </div>
          <div>
            <FormControlLabel
              control={<Switch checked={refuseDebtors} onChange={(_event, on) => setRefuseDebtors(on)} />}
              label="Recusar rematrícula com débito em aberto"
            />
            <FormHelperText>
              Lei 9.870/99, art. 5º: ligado, a família com cobranças vencidas vê o valor e só assina depois de quitar.
            </FormHelperText>
          </div>
          <CensusSettings value={census} onChange={setCensus} errors={errors} readOnly={readOnly} />
          <ResultRulesSettings value={resultRules} onChange={setResultRules} errors={errors} />
          <NotificationSettings value={notifications} onChange={setNotifications} errors={errors} />
          <LateFeeSettings value={lateFees} onChange={setLateFees} errors={errors} readOnly={readOnly} />
          {!readOnly && (
            <div>
              <Typography variant="subtitle1" sx={{ pt: 1 }}>
                Nota fiscal
              </Typography>
              <Button component={Link} to="/admin/configuracoes/nota-fiscal" variant="outlined" sx={{ mt: 1 }}>
                Configurar a nota fiscal (NFS-e)
              </Button>
            </div>
          )}
          <Typography variant="subtitle1" sx={{ pt: 1 }}>
            Segurança
          </Typography>
          <div>
            <FormControlLabel
              control={<Switch checked={requireTwoStep} onChange={(_event, on) => setRequireTwoStep(on)} />}
              label="Exigir verificação em duas etapas para Administração e Financeiro"
            />
            <FormHelperText>
              Quem ainda não a ativou é levado a configurá-la no próximo login, com um aplicativo autenticador no
              celular.
            </FormHelperText>
          </div>
          {!readOnly && <SaveBackButtons saving={saving} onSave={() => void save()} />}
        </Stack>
        {readOnly && <SaveBackButtons />}
      </CardContent>
    </Card>
  );
}
