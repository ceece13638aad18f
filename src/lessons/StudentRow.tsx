import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, ButtonBase, FormControlLabel, IconButton, Switch, Typography } from '@mui/material';
import { plural } from '../../resources/format';
import { ErrorText } from './ErrorText';
import { PlainTextField } from './PlainTextField';
import { StudentAvatar } from './StudentAvatar';
import type { RollEntry } from './types';

export const absencesText = (absences: number, periods: number) =>
  absences === 0 ? 'Presente' : periods === 1 ? 'Falta' : `${absences} ${absences === 1 ? 'falta' : 'faltas'}`;

/**
 * One student of the roll call: a tap on the row marks the absence (every period of the lesson) or takes it
 * back; when absent, the number of periods missed (lessons of several periods), "justificada" and its reason.
 */
export function StudentRow({
  entry,
  periods,
  onChange,
  errors,
  disabled,
}: {
  entry: RollEntry;
  periods: number;
  onChange: (entry: RollEntry) => void;
  errors: string[];
  disabled?: boolean;
}) {
  const absent = entry.absences > 0;
  const name = entry.student.name.toLocaleUpperCase('pt-BR');
  const toggle = () =>
    onChange(absent ? { ...entry, absences: 0, justified: false, reason: null } : { ...entry, absences: periods });
  const setAbsences = (absences: number) =>
    onChange(absences === 0 ? { ...entry, absences: 0, justified: false, reason: null } : { ...entry, absences });
  const errorId = `chamada-erro-${entry.registration_id}`;
  return (
    <Box
      component="li"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: absent ? 'rgba(211, 47, 47, 0.06)' : undefined }}
    >
      <ButtonBase
        onClick={toggle}
        disabled={disabled}
        aria-pressed={absent}
        aria-describedby={errors.length ? errorId : undefined}
        sx={{ width: '100%', minHeight: 64, px: { xs: 1.5, sm: 2 }, py: 1, gap: 1.5, justifyContent: 'flex-start' }}
      >
        <StudentAvatar student={entry.student} />
        <Box sx={{ flex: 1, minWidth: 0, textAlign: 'left' }}>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere', lineHeight: 1.3 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            Matrícula {entry.number}
          </Typography>
        </Box>
        <Box
          component="span"
          sx={{
            flexShrink: 0,
            px: 1.5,
            py: 0.5,
            borderRadius: 4,
            fontWeight: 600,
            fontSize: 14,
            color: 'common.white',
            bgcolor: absent ? 'error.dark' : 'success.dark',
          }}
        >
          {absencesText(entry.absences, periods)}
        </Box>
      </ButtonBase>
      {absent && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: { xs: 1.5, sm: 2 }, pb: 1 }}>
          {periods > 1 && (
            <Box sx={{ display: 'flex', alignItems: 'center' }} role="group" aria-label={`Faltas de ${name}`}>
              <IconButton
                aria-label={`Uma falta a menos para ${name}`}
                onClick={() => setAbsences(entry.absences - 1)}
                disabled={disabled}
                size="large"
              >
                <RemoveIcon />
              </IconButton>
              <Typography aria-live="polite" sx={{ minWidth: 96, textAlign: 'center' }}>
                {entry.absences} de {plural(periods, 'aula', 'aulas')}
              </Typography>
              <IconButton
                aria-label={`Uma falta a mais para ${name}`}
                onClick={() => setAbsences(entry.absences + 1)}
                disabled={disabled || entry.absences >= periods}
                size="large"
              >
                <AddIcon />
              </IconButton>
            </Box>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={entry.justified}
                disabled={disabled}
                onChange={(e) => onChange({ ...entry, justified: e.target.checked })}
                slotProps={{ input: { 'aria-label': `Falta justificada de ${name}` } }}
              />
            }
            label="Justificada"
          />
          {entry.justified && (
            <PlainTextField
              label="Motivo"
              size="small"
              value={entry.reason ?? ''}
              disabled={disabled}
              onChange={(reason) => onChange({ ...entry, reason })}
              placeholder="Ex.: atestado médico"
              maxLength={500}
              ariaLabel={`Motivo da falta de ${name}`}
              sx={{ flex: '1 1 200px' }}
            />
          )}
        </Box>
      )}
      {errors.length > 0 && (
        <ErrorText id={errorId} sx={{ px: 2, pb: 1, m: 0 }}>
          {errors.join(' ')}
        </ErrorText>
      )}
    </Box>
  );
}
