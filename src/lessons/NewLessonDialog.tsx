import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import type { ClassTeam, LessonFields, Refusal } from './types';
import { stageLabel } from './types';

export interface NewLessonDialogProps {
  open: boolean;
  classes: ClassTeam[];
  /** The school's today (São Paulo), ISO: the default date and the latest allowed. */
  today: string;
  /** The stage a new lesson of this team and discipline most likely belongs to (that of the latest one). */
  stageFor: (teamId: number, disciplineId: number) => number | undefined;
  onClose: () => void;
  /** Creates it (or applies the changes): the refusal to show, or null once done. */
  onCreate: (fields: LessonFields) => Promise<Refusal | null>;
  /** The lesson being corrected (its team stays: its roll call is that team's); none for a new one. */
  lesson?: LessonFields;
  /** Removes the lesson being corrected: the refusal to show, or null once done. */
  onDelete?: () => Promise<Refusal | null>;
}

/**
 * "Nova aula": team and discipline (chosen already when there is one), date, stage, periods and content. The
 * same form corrects a lesson ("Editar aula"), and removes it.
 */
export function NewLessonDialog({
  open,
  classes,
  today,
  stageFor,
  onClose,
  onCreate,
  lesson,
  onDelete,
}: NewLessonDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // Chosen already where there is nothing to choose: a teacher of one class, of one discipline there.
  const [teamId, setTeamId] = useState<number | ''>(lesson?.team_id ?? (classes.length === 1 ? classes[0].id : ''));
  const team = classes.find((t) => t.id === teamId);
  const [disciplineId, setDisciplineId] = useState<number | ''>(lesson?.discipline_id ?? '');
  const discipline =
    team?.disciplines.find((d) => d.id === disciplineId) ??
    (team?.disciplines.length === 1 ? team.disciplines[0] : undefined);
  const chosen = team && discipline ? { team, discipline } : undefined;
  const [stage, setStage] = useState<number | ''>(lesson?.stage_id ?? '');
  const [date, setDate] = useState(lesson?.date ?? today);
  const [periods, setPeriods] = useState(lesson?.periods ?? 1);
  const [content, setContent] = useState(lesson?.content ?? '');
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const stages = chosen?.discipline.stages ?? [];
  // The stage shown: the one picked, else the latest lesson's, else the first of the grid.
  const shownStage =
    stage !== '' && stages.some((s) => s.id === stage)
      ? stage
      : chosen
        ? (stageFor(chosen.team.id, chosen.discipline.id) ?? stages[0]?.id ?? '')
        : '';
  const errorOf = (field: string) => refusal?.errors[field]?.join(' ');

  const create = async () => {
    const errors: Record<string, string[]> = {};
    if (!team) errors.team_id = ['Escolha a turma.'];
    else if (!discipline) errors.discipline_id = ['Escolha a disciplina.'];
    if (!content.trim()) errors.content = ['Informe o conteúdo ministrado.'];
    if (!date) errors.date = ['Informe a data da aula (dd/mm/aaaa).'];
    else if (date > today) errors.date = ['A data da aula não pode ser futura.'];
    if (!chosen || Object.keys(errors).length > 0 || shownStage === '') {
      setRefusal({ message: 'Corrija os campos indicados.', errors });
      return;
    }
    setBusy(true);
    const answer = await onCreate({
      team_id: chosen.team.id,
      discipline_id: chosen.discipline.id,
      stage_id: shownStage,
      date,
      periods,
      content: content.trim(),
    });
    setBusy(false);
    setRefusal(answer);
    if (!answer && !lesson) setContent('');
  };

  const remove = async () => {
    if (!onDelete) return;
    // A second tap confirms: a lesson goes with its roll call.
    if (!deleting) return setDeleting(true);
    setBusy(true);
    const answer = await onDelete();
    setBusy(false);
    setRefusal(answer);
  };

  const unplaced = refusal
    ? Object.entries(refusal.errors)
        .filter(([field]) => !['team_id', 'discipline_id', 'content', 'date', 'stage_id', 'periods'].includes(field))
        .flatMap(([, m]) => m)
    : [];
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="nova-aula-titulo">
      <DialogTitle id="nova-aula-titulo">{lesson ? 'Editar aula' : 'Nova aula'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Turma"
            value={teamId}
            onChange={(e) => {
              setTeamId(Number(e.target.value));
              setDisciplineId('');
            }}
            error={!!errorOf('team_id')}
            helperText={errorOf('team_id')}
            disabled={!!lesson}
            required
          >
            {classes.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Disciplina"
            value={discipline?.id ?? ''}
            onChange={(e) => setDisciplineId(Number(e.target.value))}
            error={!!errorOf('discipline_id')}
            helperText={errorOf('discipline_id')}
            disabled={!team}
            required
          >
            {(team?.disciplines ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              label="Data"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={!!errorOf('date')}
              helperText={errorOf('date')}
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label="Etapa"
              value={shownStage}
              onChange={(e) => setStage(Number(e.target.value))}
              error={!!errorOf('stage_id')}
              helperText={errorOf('stage_id')}
              disabled={!chosen}
              required
              sx={{ flex: 1 }}
            >
              {stages.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {stageLabel(s.stage)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <div>
            <Typography id="nova-aula-periodos" variant="body2" color="text.secondary" gutterBottom>
              Número de aulas
            </Typography>
            <ToggleButtonGroup
              exclusive
              fullWidth
              value={periods}
              onChange={(_, value: number | null) => value && setPeriods(value)}
              aria-labelledby="nova-aula-periodos"
            >
              {[1, 2, 3, 4, 5, 6].map((n) => (
                <ToggleButton key={n} value={n} sx={{ minHeight: 48, fontSize: 16 }}>
                  {n}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {errorOf('periods') && (
              <Typography variant="body2" color="error">
                {errorOf('periods')}
              </Typography>
            )}
          </div>
          <TextField
            label="Conteúdo ministrado"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            error={!!errorOf('content')}
            helperText={errorOf('content') ?? 'O registro legal da aula: o que foi ensinado.'}
            required
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          {(unplaced.length > 0 || (refusal && Object.keys(refusal.errors).length === 0)) && (
            <Typography color="error" role="alert">
              {unplaced.length > 0 ? unplaced.join(' ') : refusal?.message}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {onDelete && (
          <Button color="error" onClick={() => void remove()} disabled={busy} size="large" sx={{ mr: 'auto' }}>
            {deleting ? 'Confirmar exclusão' : 'Excluir aula'}
          </Button>
        )}
        <Button onClick={onClose} size="large">
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void create()} disabled={busy} size="large">
          {lesson ? 'Aplicar' : 'Criar e fazer a chamada'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
