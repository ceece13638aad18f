import CloudOffIcon from '@mui/icons-material/CloudOff';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useCallback, useRef } from 'react';
import { RollRows, StudentRow } from './StudentRow';
import { PlainTextField } from './PlainTextField';
import type { Refusal, RollEntry } from './types';

/** Where the roll call stands against the server. */
export type RollState = 'saved' | 'changed' | 'saving' | 'unsent' | 'refused';

export interface RollCallProps {
  periods: number;
  entries: RollEntry[];
  onEntries: (entries: RollEntry[]) => void;
  content: string;
  onContent: (content: string) => void;
  onSave: () => void;
  state: RollState;
  /** The server's refusal, or the screen's own check: each field's words under it. */
  refusal?: Refusal | null;
  /** The entries as last sent: a refusal's `attendance.3.absences` names the 4th of them. */
  sentEntries?: RollEntry[] | null;
}

const STATE_TEXT: Record<RollState, string> = {
  saved: 'Chamada salva',
  changed: 'Alterações não salvas',
  saving: 'Enviando…',
  unsent: 'Não enviado: será enviado quando a conexão voltar',
  refused: 'Não enviado: corrija o que está indicado e salve de novo',
};

const NO_ERRORS: string[] = [];

/** A refusal's messages of one student, found by the place they had in the list sent. */
function errorsOf(refusal: Refusal | null | undefined, sent: RollEntry[] | null | undefined, registration: number) {
  if (!refusal) return NO_ERRORS;
  const index = (sent ?? []).findIndex((e) => e.registration_id === registration);
  return Object.entries(refusal.errors)
    .filter(([field]) => index >= 0 && field.startsWith(`attendance.${index}.`))
    .flatMap(([, messages]) => messages);
}

/**
 * The roll call of one lesson: every student present until tapped, the content taught, and Salvar. Made for a
 * phone held in one hand (rows a thumb's height, the save bar always in reach) and the desktop alike.
 */
export function RollCall({
  periods,
  entries,
  onEntries,
  content,
  onContent,
  onSave,
  state,
  refusal,
  sentEntries,
}: RollCallProps) {
  const absent = entries.filter((e) => e.absences > 0).length;
  const contentErrors = refusal?.errors.content ?? [];
  // Words of the refusal that no field of this screen shows (a 403, the lesson's date…).
  const shownFields = (field: string) => field === 'content' || field.startsWith('attendance.');
  const others = refusal
    ? [
        ...new Set(
          Object.entries(refusal.errors)
            .filter(([field]) => !shownFields(field))
            .flatMap(([, m]) => m),
        ),
      ]
    : [];
  const summary = refusal && (others.length > 0 || Object.keys(refusal.errors).length === 0);
  const busy = state === 'saving';
  // One change handler for every row, the same at every draw (the rows are memoised): it reads the latest list.
  const latest = useRef({ entries, onEntries });
  latest.current = { entries, onEntries };
  const change = useCallback((next: RollEntry) => {
    const { entries: list, onEntries: set } = latest.current;
    set(list.map((e) => (e.registration_id === next.registration_id ? next : e)));
  }, []);
  return (
    <Box>
      {summary && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {others.length > 0 ? others.join(' ') : refusal.message}
        </Alert>
      )}
      {/* The lesson's legal record first: the list then runs into the save bar, which never hides it. */}
      <PlainTextField
        label="Conteúdo ministrado"
        required
        multiline
        value={content}
        disabled={busy}
        onChange={onContent}
        errors={contentErrors}
        maxLength={5000}
        sx={{ mb: 2, width: '100%' }}
      />
      {entries.length === 0 ? (
        <Alert severity="info">Nenhum aluno na chamada desta aula.</Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5, pb: 1 }}>
            Todos começam presentes: toque no aluno para marcar a falta.
          </Typography>
          <RollRows aria-label="Chamada">
            {entries.map((entry) => (
              <StudentRow
                key={entry.registration_id}
                entry={entry}
                periods={periods}
                disabled={busy}
                errors={errorsOf(refusal, sentEntries, entry.registration_id)}
                onChange={change}
              />
            ))}
          </RollRows>
        </Paper>
      )}
      <Paper
        elevation={3}
        sx={{
          position: 'sticky',
          bottom: 0,
          mt: 2,
          p: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          flexWrap: 'wrap',
          zIndex: 1,
        }}
      >
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {absent === 0 ? 'Todos presentes' : `${absent} ${absent === 1 ? 'falta' : 'faltas'}`} ·{' '}
            {entries.length - absent} {entries.length - absent === 1 ? 'presente' : 'presentes'}
          </Typography>
          <Typography
            variant="body2"
            role="status"
            color={state === 'unsent' || state === 'refused' ? 'error' : 'text.secondary'}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            {(state === 'unsent' || state === 'refused') && <CloudOffIcon fontSize="small" aria-hidden />}
            {STATE_TEXT[state]}
          </Typography>
        </Box>
        <Button variant="contained" size="large" startIcon={<SaveIcon />} onClick={onSave} disabled={busy}>
          Salvar
        </Button>
      </Paper>
    </Box>
  );
}
