import { Alert } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useApi } from '../api/useApi';
import { fieldErrorsOf, type FieldErrors } from '../components/serverErrors';
import { ImportProgress } from './ImportProgress';
import { isRunning } from './imports';
import { LegacyForm } from './LegacyForm';
import { LegacySummary } from './LegacySummary';
import { useImportWatch } from './useImportWatch';

const AGAIN = 'Digite a senha de novo: ela não fica guardada na tela.';

/**
 * Administração › Importar › Do sistema anterior: the address and sign-in, a simulation (`POST /imports/legacy`
 * with dry_run) counting what would come per entity, then the copy, each watched until the job runner ends it. The
 * password is read from its field when sent and the field emptied: it lives only in that one request.
 */
export function LegacyImport() {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [baseUrl, setBaseUrl] = useState('');
  const [email, setEmail] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [watched, setWatched] = useState<number | null>(null);
  const { view, ended } = useImportWatch(watched);

  /** The password as typed, and its field emptied: read by the request itself, so no state holds it. */
  const takePassword = () => {
    const field = passwordRef.current;
    const password = field?.value ?? '';
    if (field) field.value = '';
    return password;
  };
  // The mutation's variables (kept in react-query's cache) are only the choice, never the password.
  const start = useMutation({
    mutationFn: (dryRun: boolean) => api.startLegacyImport({ baseUrl, email, password: takePassword(), dryRun }),
    onSuccess: (started) => {
      queryClient.setQueryData(['importacoes', started.id], started);
      setWatched(started.id);
      void queryClient.invalidateQueries({ queryKey: ['importacoes', 'recentes'] });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setRefusal(error instanceof Error && error.message ? error.message : 'Não foi possível iniciar a importação.');
    },
  });

  /** A simulation or the copy; an empty password is asked for again, nothing sent. */
  const send = (dryRun: boolean) => {
    setRefusal(null);
    if (!passwordRef.current?.value) {
      setErrors({ password: AGAIN });
      passwordRef.current?.focus();
      return;
    }
    setErrors({});
    if (dryRun) setWatched(null);
    start.mutate(dryRun);
  };

  useEffect(() => {
    if (!ended) return;
    if (ended.dry_run) {
      if (ended.status === 'failed') notify('A simulação não foi concluída.', { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: ['importacoes', 'recentes'] });
      return;
    }
    if (ended.status === 'done') notify('Importação concluída.', { type: 'success' });
    else notify('A importação não foi concluída.', { type: 'error' });
    // Every screen showing what was copied (students, teams, charges…) reads it again.
    void queryClient.invalidateQueries();
  }, [ended, notify, queryClient]);

  const busy = start.isPending || (view ? isRunning(view) : false);
  /** Another address or sign-in: the simulation shown was of the old one. */
  const changed = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (view && !isRunning(view)) setWatched(null);
  };
  return (
    <>
      <LegacyForm
        baseUrl={baseUrl}
        email={email}
        passwordRef={passwordRef}
        errors={errors}
        busy={busy}
        onBaseUrl={changed(setBaseUrl)}
        onEmail={changed(setEmail)}
        onSimulate={() => send(true)}
      />
      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
      {view && isRunning(view) && <ImportProgress view={view} />}
      {view && <LegacySummary view={view} busy={busy} onRun={view.dry_run ? () => send(false) : undefined} />}
    </>
  );
}
