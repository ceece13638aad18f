import { Alert, Card, CardContent, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Title, useNotify } from 'react-admin';
import { formatCnpj } from '../../resources/cnpj';
import { nfseSettingsFields } from '../../resources/nfse-settings';
import type { NfseCertificate } from '../../dataProvider/invoices';
import { useApi } from '../api/useApi';
import { SaveBackButtons } from '../components/SaveBackButtons';
import { attentionMessage, fieldErrorsOf, type FieldErrors } from '../components/serverErrors';
import { NfseCertificateField } from './NfseCertificateField';

/** `GET /api/nfse/settings` (server/invoices/settings.ts). */
export interface NfseSettingsAnswer {
  cnpj: string | null;
  inscricao_municipal: string | null;
  municipio_ibge: string | null;
  regime: string | null;
  service_code: string | null;
  iss_rate: number | null;
  description_template: string;
  issue_on: 'payment' | 'manual';
  environment: string | null;
  certificate: NfseCertificate | null;
  /** Whether this install is a demonstration, where the simulation may be chosen. */
  simulation_allowed: boolean;
}

type Form = Record<string, string>;

const toForm = (s: NfseSettingsAnswer): Form => ({
  cnpj: s.cnpj ? formatCnpj(s.cnpj) : '',
  inscricao_municipal: s.inscricao_municipal ?? '',
  municipio_ibge: s.municipio_ibge ?? '',
  regime: s.regime ?? '',
  service_code: s.service_code ?? '',
  iss_rate: s.iss_rate === null ? '' : String(s.iss_rate).replace('.', ','),
  description_template: s.description_template,
  issue_on: s.issue_on,
  environment: s.environment ?? '',
});

/** The form's text as the API takes it: an empty choice is none (null). */
const bodyOf = (form: Form) =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v === '' && k !== 'description_template' ? null : v]));

export const NFSE_QUERY_KEY = ['nota-fiscal', 'configuracoes'];

export interface NfseSettingsViewProps {
  settings: NfseSettingsAnswer;
  errors: FieldErrors;
  saving: boolean;
  onSave(body: Record<string, unknown>): void;
  /** The certificate's block (NfseCertificateField), between the fields and SALVAR. */
  certificate: ReactNode;
}

/** The form of the issuer's settings: the fields declared in resources/nfse-settings.ts, each with its 422. */
export function NfseSettingsView({ settings, errors, saving, onSave, certificate }: NfseSettingsViewProps) {
  const [form, setForm] = useState<Form>(() => toForm(settings));
  // A saved answer replaces what was typed (the server's normalised CNPJ, code and rate).
  useEffect(() => setForm(toForm(settings)), [settings]);
  const set = (name: string) => (event: { target: { value: string } }) =>
    setForm({ ...form, [name]: event.target.value });
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            Nota fiscal de serviço (NFS-e)
          </Typography>
          {!settings.environment && (
            <Alert severity="info">
              Sem ambiente escolhido, nenhuma nota fiscal é emitida. Teste primeiro em produção restrita.
            </Alert>
          )}
          {nfseSettingsFields.map((field) => {
            const options = field.options?.filter((o) => o.value !== 'simulacao' || settings.simulation_allowed);
            return (
              <TextField
                key={field.name}
                select={Boolean(options)}
                label={field.label}
                value={form[field.name]}
                onChange={set(field.name)}
                multiline={field.type === 'textarea'}
                minRows={field.rows}
                error={Boolean(errors[field.name])}
                helperText={errors[field.name] ?? field.helperText}
                slotProps={field.maxLength ? { htmlInput: { maxLength: field.maxLength } } : undefined}
              >
                {field.name === 'environment' && <MenuItem value="">— Nenhum (não emitir) —</MenuItem>}
                {options?.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
          {certificate}
          <SaveBackButtons saving={saving} onSave={() => onSave(bodyOf(form))} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Administração › Configurações da escola › Nota fiscal (issue 41): the school as the issuer of its NFS-e, through
 * react-admin's data layer (dataProvider/invoices.ts); the certificate goes on its own and reloads the settings.
 */
export function NfseSettingsPage() {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: loaded, error: loadError } = useQuery({
    queryKey: NFSE_QUERY_KEY,
    queryFn: () => api.getNfseSettings(),
    retry: false,
  });
  useEffect(() => {
    if (loadError) notify(loadError.message || 'Erro ao carregar as configurações.', { type: 'error' });
  }, [loadError, notify]);
  const failed = (error: Error) => {
    const count = Object.keys(fieldErrorsOf(error)).length;
    notify(count > 1 ? attentionMessage(count) : error.message || 'Erro ao salvar.', { type: 'error' });
  };
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.saveNfseSettings(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(NFSE_QUERY_KEY, answer.data);
      notify(answer.message, { type: 'success' });
    },
    onError: failed,
  });
  const send = useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) => api.sendNfseCertificate(file, password),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      // Under the settings' prefix: this page and the dashboard's warning read it again.
      void queryClient.invalidateQueries({ queryKey: ['nota-fiscal'] });
    },
    onError: failed,
  });
  if (!loaded) return <CircularProgress sx={{ m: 4 }} aria-label="Carregando" />;
  return (
    <>
      <Title title="Nota fiscal (NFS-e)" />
      <NfseSettingsView
        settings={loaded}
        errors={save.error ? fieldErrorsOf(save.error) : {}}
        saving={save.isPending}
        onSave={(body) => save.mutate(body)}
        certificate={
          <NfseCertificateField
            value={loaded.certificate}
            errors={send.error ? fieldErrorsOf(send.error) : {}}
            sending={send.isPending}
            onSend={(file, password) =>
              send.mutateAsync({ file, password }).then(
                () => true,
                () => false,
              )
            }
          />
        }
      />
    </>
  );
}
