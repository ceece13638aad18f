import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { schoolDayOf } from '../../resources/format';
import { useApi } from '../api/useApi';
import { isTransient, refusalOf } from './api';
import { lessonsKept } from './lastLoaded';
import { LessonList, type LessonItem } from './LessonList';
import { lazyNamed } from '../components/lazyNamed';
import { OutboxBanner } from './OutboxBanner';
import { keep, keyOfLesson, newRequestKey, rememberedRoll } from './outbox';
import type { Lesson, LessonFields } from './types';
import { LESSONS_READ, namesOf, useClasses } from './useClasses';
import { usePending } from './useOutbox';

// Opened on a tap: fetched then, not with the page a teacher on 3G waits for (issue 36).
const NewLessonDialog = lazyNamed(() => import('./NewLessonDialog'), 'NewLessonDialog');
// The notices' opt-in comes after the lessons (it only offers a switch): not in the first load either.
const StaffPushOptIn = lazyNamed(() => import('../push/StaffPushOptIn'), 'StaffPushOptIn');

/** How many past lessons the list shows: the diary's full record is the class diary report's. */
const RECENT = 30;

export const lessonPath = (key: string | number) => `/admin/minhas-aulas/${key}`;

/** "Minhas aulas": today's and recent lessons of the user's classes, and "Nova aula". */
export function LessonsHome() {
  const navigate = useNavigate();
  const api = useApi();
  const today = schoolDayOf();
  const { classes, error } = useClasses();
  const pending = usePending();
  const [creating, setCreating] = useState(false);
  // The lessons of these classes, kept on the device with today's roll calls (lastLoaded.ts); without network, as
  // last loaded. Keyed by the classes: fresh classes (after the remembered ones) ask again.
  const { data, error: lessonsFailure } = useQuery({
    queryKey: ['minhas-aulas', 'aulas', today, classes],
    queryFn: () => lessonsKept(classes ?? [], today),
    enabled: !!classes,
    ...LESSONS_READ,
  });
  const lessons: Lesson[] | null = data ?? null;
  const lessonsError = lessonsFailure ? lessonsFailure.message || 'Erro ao carregar as aulas.' : null;

  const items = useMemo((): LessonItem[] => {
    const byKey = new Map(pending.map((p) => [p.key, p]));
    const item = (key: string, to: string, l: LessonFields): LessonItem => {
      const names = namesOf(classes, l.team_id, l.discipline_id);
      const p = byKey.get(key);
      return {
        key,
        to,
        team: names.team,
        discipline: names.discipline,
        date: l.date,
        periods: l.periods,
        content: l.content,
        unsent: !!p,
        refused: !!p?.refusal,
      };
    };
    const own = (lessons ?? []).map((l) => {
      const key = keyOfLesson(l.id);
      return item(key, lessonPath(l.id), { ...l, ...byKey.get(key)?.lesson });
    });
    const created = pending
      .filter((p) => p.lessonId === undefined)
      .map((p) => item(p.key, lessonPath(p.key), p.lesson));
    const all = [...created, ...own].sort((a, b) => b.date.localeCompare(a.date));
    return all.filter((i, n) => i.date === today || i.unsent || n < RECENT);
  }, [lessons, pending, classes, today]);

  const stageFor = (teamId: number, disciplineId: number) =>
    lessons?.find((l) => l.team_id === teamId && l.discipline_id === disciplineId)?.stage_id;

  const create = async (fields: LessonFields) => {
    // Its key goes with it into the outbox: if this answer is lost, the outbox's try is answered, not a 2nd lesson.
    const creating = { key: newRequestKey(), lesson: fields };
    try {
      const lesson = await api.createLesson(fields, creating.key);
      navigate(lessonPath(lesson.id));
      return null;
    } catch (e) {
      if (!isTransient(e)) return refusalOf(e);
      // No network: the lesson waits in the outbox, with the team's last known roll call to mark meanwhile.
      const key = `nova-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      keep({ key, lesson: fields, lessonChanged: true, attendance: rememberedRoll(fields.team_id), creating });
      navigate(lessonPath(key));
      return null;
    }
  };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto' }}>
          Minhas aulas
        </Typography>
        <Button
          variant="contained"
          size="large"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          disabled={!classes || classes.length === 0}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, minHeight: 48 }}
        >
          Nova aula
        </Button>
      </Box>
      <OutboxBanner />
      <Suspense fallback={null}>
        <StaffPushOptIn />
      </Suspense>
      {error && !classes && <Alert severity="error">{error}</Alert>}
      {classes && classes.length === 0 && (
        <Alert severity="info">
          Nenhuma turma com disciplina sua. Peça à secretaria que atribua você às suas turmas e disciplinas.
        </Alert>
      )}
      {lessonsError && lessons === null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {lessonsError} Abaixo, só o que está guardado neste aparelho.
        </Alert>
      )}
      {classes && classes.length > 0 && lessons === null && !lessonsError ? (
        <CircularProgress aria-label="Carregando aulas" />
      ) : (
        classes && classes.length > 0 && <LessonList items={items} today={today} />
      )}
      {classes && creating && (
        <Suspense fallback={null}>
          <NewLessonDialog
            open
            classes={classes}
            today={today}
            stageFor={stageFor}
            onClose={() => setCreating(false)}
            onCreate={create}
          />
        </Suspense>
      )}
    </Box>
  );
}
