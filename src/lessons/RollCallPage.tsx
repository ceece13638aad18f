import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { schoolDayOf } from '../../resources/format';
import { formatDate } from '../format';
import { useConfirmLeave } from '../grades/useConfirmLeave';
import { useApi } from '../api/useApi';
import { refusalOf } from './api';
import { rollKept } from './lastLoaded';
import { lessonPath } from './LessonsHome';
import { OutboxBanner } from './OutboxBanner';
import { lazyNamed } from '../components/lazyNamed';
import { drop, keep, keyOfLesson, pendingOf, rememberedLessonRoll, rememberRoll, sendNow, sentAs } from './outbox';
import { RollCall, type RollState } from './RollCall';
import { periodsLabel, stageLabel, type LessonFields, type Refusal, type RollEntry } from './types';
import { LESSONS_READ, namesOf, useClasses } from './useClasses';
import { usePending } from './useOutbox';

// Opened on a tap: fetched then, not with the page a teacher on 3G waits for (issue 36).
const NewLessonDialog = lazyNamed(() => import('./NewLessonDialog'), 'NewLessonDialog');

const UNSAVED_ROLL = 'Há alterações não salvas na chamada. Deseja sair sem salvar?';
const SAVED = 'Chamada salva com sucesso!';
const KEPT = 'Sem conexão: a chamada ficou guardada neste aparelho e será enviada quando a conexão voltar.';

interface Loaded {
  lessonId?: number;
  lesson: LessonFields;
  /** The lesson as the server holds it (null: not on the server yet, or not known without network). */
  server: LessonFields | null;
}

const FIELDS = ['team_id', 'discipline_id', 'stage_id', 'date', 'periods', 'content'] as const;
const sameLesson = (a: LessonFields, b: LessonFields | null) => !!b && FIELDS.every((f) => a[f] === b[f]);

/** The server's roll with what this device still holds over it (the teacher's latest marks win). */
function overlay(roll: RollEntry[], kept: RollEntry[] | null): RollEntry[] {
  const mine = new Map((kept ?? []).map((e) => [e.registration_id, e]));
  return roll.map((e) => mine.get(e.registration_id) ?? e);
}

type Answer = { lesson: LessonFields; attendance: RollEntry[] };

/** What the screen shows of a lesson once its read settled: its state, or an error, or the lesson's new address. */
type Seed =
  | { error: string }
  | { goTo: number }
  | {
      loaded: Loaded | null;
      entries: RollEntry[] | null;
      content: string;
      state: RollState;
      refusal: Refusal | null;
      sent: RollEntry[] | null;
    };

/** The outbox's unsent marks over the server's roll (or what this device holds of the lesson without it). */
function seedOf(key: string, lessonId: number | undefined, answer: Answer | undefined, failure: unknown): Seed {
  const kept = pendingOf(key);
  let base: Loaded | null = kept ? { lessonId: kept.lessonId, lesson: kept.lesson, server: null } : null;
  if (lessonId !== undefined) {
    if (answer) {
      base = {
        lessonId,
        lesson: kept ? { ...kept.lesson, team_id: answer.lesson.team_id } : answer.lesson,
        server: answer.lesson,
      };
    } else if (!kept) {
      // Without network, what this device holds of the lesson is shown; without that, the error.
      return { error: failure instanceof Error ? failure.message : 'Erro ao carregar a chamada.' };
    }
  } else if (!kept) {
    const id = sentAs.get(key);
    return id ? { goTo: id } : { error: 'Esta aula não está neste aparelho: abra-a pela lista de Minhas aulas.' };
  }
  const server = answer && lessonId !== undefined ? answer.attendance : null;
  return {
    loaded: base,
    entries: server ? overlay(server, kept?.attendance ?? null) : (kept?.attendance ?? null),
    content: base?.lesson.content ?? '',
    state: kept ? (kept.refusal ? 'refused' : 'unsent') : 'saved',
    refusal: kept?.refusal ?? null,
    sent: kept?.attendance ?? null,
  };
}

/** minhas-aulas/{id} (or nova-… for a lesson created offline): the roll call of one lesson. */
export function RollCallPage() {
  const api = useApi();
  const { lesson: param = '' } = useParams();
  const lessonId = /^\d+$/.test(param) ? Number(param) : undefined;
  const key = lessonId !== undefined ? keyOfLesson(lessonId) : param;
  const navigate = useNavigate();
  const notify = useNotify();
  const { classes } = useClasses();
  const pending = usePending();
  const [editing, setEditing] = useState(false);

  // The server's roll call, kept on the device (lastLoaded.ts): without network, as last loaded. The teacher's marks
  // are this screen's own state, seeded from it below; a refetch on focus or reconnection would only race them.
  const roll = useQuery({
    queryKey: ['minhas-aulas', lessonId, 'chamada'],
    queryFn: async () => {
      const answer = await rollKept(lessonId!);
      rememberRoll(answer.lesson.team_id, answer.attendance);
      return answer;
    },
    enabled: lessonId !== undefined,
    // The roll call as this device last loaded it, shown at once and refreshed from the server right after (issue
    // 36): the seeding below takes the fresh answer while the teacher has not touched anything yet.
    initialData: () => (lessonId !== undefined ? (rememberedLessonRoll(lessonId) ?? undefined) : undefined),
    initialDataUpdatedAt: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    ...LESSONS_READ,
  });
  const settled = lessonId === undefined || roll.isSuccess || roll.isError;
  const answer = roll.data;
  const failure = roll.error;

  // The roll call this device last loaded is drawn by the first render itself (issue 36: a phone at 4× CPU would
  // otherwise draw a spinner first and the whole roll call again a frame later); the fresh answer seeds it below.
  const [first] = useState(() => {
    const seed = lessonId !== undefined && answer ? seedOf(key, lessonId, answer, failure) : null;
    return seed && 'loaded' in seed ? seed : null;
  });
  const [loaded, setLoaded] = useState<Loaded | null>(first?.loaded ?? null);
  const [entries, setEntries] = useState<RollEntry[] | null>(first?.entries ?? null);
  const [content, setContent] = useState(first?.content ?? '');
  const [state, setState] = useState<RollState>(first?.state ?? 'saved');
  const [refusal, setRefusal] = useState<Refusal | null>(first?.refusal ?? null);
  const [sent, setSent] = useState<RollEntry[] | null>(first?.sent ?? null);
  const [error, setError] = useState<string | null>(null);

  // Another lesson on the same screen (a created one got its id): nothing of the last one stays shown. Before the
  // seeding below, which follows in the same commit.
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    setLoaded(null);
    setError(null);
  }, [key]);

  // The screen's state, seeded once per lesson when its read settles (a cached answer first, then the fresh one while
  // nothing has been touched yet): the outbox's unsent marks over the server's roll. An answer already seeded (the
  // first render's) is not seeded again.
  const seeded = useRef<string | null>(first ? key : null);
  const seededWith = useRef<unknown>(first ? answer : undefined);
  const touched = state !== 'saved';
  useEffect(() => {
    if (!settled || (seeded.current === key && (touched || seededWith.current === answer))) return;
    seeded.current = key;
    seededWith.current = answer;
    const seed = seedOf(key, lessonId, answer, failure);
    if ('error' in seed) {
      setError(seed.error);
      return;
    }
    if ('goTo' in seed) {
      void navigate(lessonPath(seed.goTo), { replace: true });
      return;
    }
    setError(null);
    setLoaded(seed.loaded);
    setEntries(seed.entries);
    setContent(seed.content);
    setState(seed.state);
    setRefusal(seed.refusal);
    setSent(seed.sent);
    // `touched` is read, not followed: a change of the teacher's never re-seeds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, answer, failure, key, lessonId, navigate]);

  // Sent or refused in the background (the connection came back): the screen follows.
  const mine = pending.find((p) => p.key === key);
  useEffect(() => {
    if (state === 'unsent' && !mine) {
      setState('saved');
      const id = sentAs.get(key);
      if (lessonId === undefined && id) navigate(lessonPath(id), { replace: true });
    } else if (state === 'unsent' && mine?.refusal) {
      setState('refused');
      setRefusal(mine.refusal);
    }
  }, [mine, state, key, lessonId, navigate]);

  useConfirmLeave(state === 'changed', UNSAVED_ROLL);

  const save = async () => {
    if (!loaded || !entries) return;
    const text = content.trim();
    if (!text) {
      setRefusal({
        message: 'Informe o conteúdo ministrado.',
        errors: { content: ['Informe o conteúdo ministrado.'] },
      });
      return;
    }
    const earlier = pendingOf(key);
    const lesson = { ...loaded.lesson, content: text };
    keep({
      key,
      lessonId: loaded.lessonId ?? earlier?.lessonId,
      lesson,
      lessonChanged: !sameLesson(lesson, loaded.server) || !!earlier?.lessonChanged,
      attendance: entries,
    });
    setSent(entries);
    setRefusal(null);
    setState('saving');
    const outcome = await sendNow(key);
    if (outcome === 'sent') {
      setState('saved');
      setLoaded({ ...loaded, lesson, server: lesson });
      notify(SAVED, { type: 'success' });
      const id = sentAs.get(key);
      if (lessonId === undefined && id) navigate(lessonPath(id), { replace: true });
    } else if (outcome === 'kept') {
      setState('unsent');
      notify(KEPT, { type: 'warning' });
    } else {
      const refused = pendingOf(key)?.refusal ?? null;
      setState('refused');
      setRefusal(refused);
      notify(refused?.message ?? 'A chamada não foi aceita.', { type: 'error' });
    }
  };

  const changed = () => setState((s) => (s === 'saving' ? s : 'changed'));

  // "Editar aula" changes the lesson on this screen; Salvar sends it with the roll call (or keeps both).
  const applyEdit = async (fields: LessonFields) => {
    setLoaded((l) => l && { ...l, lesson: fields });
    setContent(fields.content);
    // Fewer periods: nobody missed more than the lesson had.
    setEntries(
      (list) => list && list.map((e) => (e.absences > fields.periods ? { ...e, absences: fields.periods } : e)),
    );
    changed();
    setEditing(false);
    return null;
  };

  const remove = async (): Promise<Refusal | null> => {
    const id = loaded?.lessonId ?? pendingOf(key)?.lessonId;
    try {
      // A lesson only on this device goes with its outbox item; one on the server needs the network.
      if (id !== undefined) await api.deleteLesson(id);
    } catch (e) {
      return refusalOf(e);
    }
    drop(key);
    setState('saved');
    navigate('/admin/minhas-aulas', { replace: true });
    notify('Aula excluída com sucesso!', { type: 'success' });
    return null;
  };
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!loaded) return <CircularProgress aria-label="Carregando a chamada" />;
  const { lesson } = loaded;
  const names = namesOf(classes, lesson.team_id, lesson.discipline_id);
  const stage = names.stages.find((s) => s.id === lesson.stage_id);
  const today = schoolDayOf();
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Button component={Link} to="/admin/minhas-aulas" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        Minhas aulas
      </Button>
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {names.discipline} · {names.team}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mb: 2 }}>
        <Typography color="text.secondary">
          {lesson.date === today ? `Hoje, ${formatDate(lesson.date)}` : formatDate(lesson.date)}
          {stage ? ` · ${stageLabel(stage.stage)}` : ''} · {periodsLabel(lesson.periods)}
        </Typography>
        <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={!classes}>
          Editar aula
        </Button>
      </Box>
      <OutboxBanner />
      {entries === null ? (
        <Alert severity="info">
          A lista de alunos aparece quando esta aula chegar ao servidor (é enviada quando a conexão voltar).
        </Alert>
      ) : (
        <RollCall
          periods={lesson.periods}
          entries={entries}
          onEntries={(next) => {
            setEntries(next);
            changed();
          }}
          content={content}
          onContent={(next) => {
            setContent(next);
            changed();
          }}
          onSave={() => void save()}
          state={state}
          refusal={refusal}
          sentEntries={sent}
        />
      )}
      {editing && classes && (
        <Suspense fallback={null}>
          <NewLessonDialog
            open
            classes={classes}
            today={today}
            stageFor={() => undefined}
            lesson={{ ...lesson, content }}
            onClose={() => setEditing(false)}
            onCreate={applyEdit}
            onDelete={remove}
          />
        </Suspense>
      )}
    </Box>
  );
}
