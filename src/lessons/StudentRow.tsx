import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, FormControlLabel, IconButton, Switch, Typography, styled } from '@mui/material';
import { memo } from 'react';
import { plural } from '../../resources/format';
import { ErrorText } from './ErrorText';
import { PlainTextField } from './PlainTextField';
import { initials, StudentAvatar } from './StudentAvatar';
import type { RollEntry } from './types';

export const absencesText = (absences: number, periods: number) =>
  absences === 0 ? 'Presente' : periods === 1 ? 'Falta' : `${absences} ${absences === 1 ? 'falta' : 'faltas'}`;

/**
 * The roll call's list and the look of every row's parts, styled once for the whole list (issue 36): each row is then
 * plain elements with a class, not ~8 MUI components whose `sx` emotion serialized for every student at every draw
 * (a 0.6–1.0 s task for a class of 45 on a phone at 4× CPU). The same styles as the MUI parts they replace: the
 * button is ButtonBase's reset, the initials MUI's Avatar, the texts Typography's body1 and body2.
 */
export const RollRows = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& > li': { borderBottom: `1px solid ${theme.palette.divider}` },
  '& > li.chamada-falta': { backgroundColor: 'rgba(211, 47, 47, 0.06)' },
  '& .chamada-aluno': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'flex-start',
    position: 'relative',
    boxSizing: 'border-box',
    WebkitTapHighlightColor: 'transparent',
    backgroundColor: 'transparent',
    outline: 0,
    border: 0,
    margin: 0,
    borderRadius: 0,
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
    MozAppearance: 'none',
    WebkitAppearance: 'none',
    textDecoration: 'none',
    color: 'inherit',
    width: '100%',
    minHeight: 64,
    padding: theme.spacing(1, 1.5),
    gap: theme.spacing(1.5),
    [theme.breakpoints.up('sm')]: { paddingLeft: theme.spacing(2), paddingRight: theme.spacing(2) },
    '&::-moz-focus-inner': { borderStyle: 'none' },
    // The tap's feedback, where ButtonBase drew its ripple.
    '&:active': { backgroundColor: theme.palette.action.hover },
    // A teacher with a keyboard (a tablet's, a screen reader's) sees which student a key press marks.
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '&:disabled': { pointerEvents: 'none', cursor: 'default' },
  },
  '& .chamada-iniciais': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 44,
    height: 44,
    fontFamily: theme.typography.fontFamily,
    fontSize: 16,
    lineHeight: 1,
    borderRadius: '50%',
    overflow: 'hidden',
    userSelect: 'none',
    color: theme.palette.background.default,
    backgroundColor: theme.palette.grey[700],
  },
  '& .chamada-textos': { display: 'block', flex: 1, minWidth: 0, textAlign: 'left' },
  '& .chamada-nome': {
    ...theme.typography.body1,
    display: 'block',
    margin: 0,
    fontWeight: 500,
    overflowWrap: 'anywhere',
    lineHeight: 1.3,
  },
  '& .chamada-matricula': {
    ...theme.typography.body2,
    display: 'block',
    margin: 0,
    color: theme.palette.text.secondary,
  },
  '& .chamada-marca': {
    flexShrink: 0,
    padding: theme.spacing(0.5, 1.5),
    borderRadius: Number(theme.shape.borderRadius) * 4,
    fontWeight: 600,
    fontSize: 14,
    color: theme.palette.common.white,
    backgroundColor: theme.palette.success.dark,
  },
  '& .chamada-falta .chamada-marca': { backgroundColor: theme.palette.error.dark },
}));

interface StudentRowProps {
  entry: RollEntry;
  periods: number;
  onChange: (entry: RollEntry) => void;
  errors: string[];
  disabled?: boolean;
}

/**
 * One student of the roll call: a tap on the row marks the absence (every period of the lesson) or takes it
 * back; when absent, the number of periods missed (lessons of several periods), "justificada" and its reason.
 * Drawn again only when its own entry, errors or state change (a tap redraws one row, not the class).
 */
export const StudentRow = memo(function StudentRow({ entry, periods, onChange, errors, disabled }: StudentRowProps) {
  const absent = entry.absences > 0;
  const name = entry.student.name.toLocaleUpperCase('pt-BR');
  const toggle = () =>
    onChange(absent ? { ...entry, absences: 0, justified: false, reason: null } : { ...entry, absences: periods });
  const setAbsences = (absences: number) =>
    onChange(absences === 0 ? { ...entry, absences: 0, justified: false, reason: null } : { ...entry, absences });
  const errorId = `chamada-erro-${entry.registration_id}`;
  return (
    <li className={absent ? 'chamada-falta' : undefined}>
      <button
        type="button"
        className="chamada-aluno"
        onClick={toggle}
        disabled={disabled}
        aria-pressed={absent}
        aria-describedby={errors.length ? errorId : undefined}
      >
        {/* A photo is fetched with the token (MUI's Avatar, as on the student's record); initials need no request. */}
        {entry.student.has_photo ? (
          <StudentAvatar student={entry.student} />
        ) : (
          <span className="chamada-iniciais" aria-hidden>
            {initials(entry.student.name)}
          </span>
        )}
        <span className="chamada-textos">
          <span className="chamada-nome">{name}</span>
          <span className="chamada-matricula">Matrícula {entry.number}</span>
        </span>
        <span className="chamada-marca">{absencesText(entry.absences, periods)}</span>
      </button>
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
    </li>
  );
}, sameRow);

/** A row's props alike: the same entry and state, the same words of a refusal (a new array of them each draw). */
function sameRow(a: StudentRowProps, b: StudentRowProps): boolean {
  return (
    a.entry === b.entry &&
    a.periods === b.periods &&
    a.disabled === b.disabled &&
    a.onChange === b.onChange &&
    a.errors.join('\n') === b.errors.join('\n')
  );
}
