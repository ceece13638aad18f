import { DEVICE_CACHE_PREFIX } from '../../authProvider';
// Read outside react-admin's hooks (the app's dataProvider itself), as the outbox sends.
import { lightDataProvider as dataProvider } from '../../dataProvider/light';
import { currentUser, rememberedLessonRoll, rememberLessonRoll, rememberRoll } from './outbox';
import type { ClassTeam, Lesson } from './types';

/**
 * What Minhas aulas last loaded, kept on this device so that a teacher who opens the installed app without
 * network sees today's lessons and can take their roll calls (issue 36): the lessons list, and the roll call of
 * each of today's lessons (its students). Under the device-cache prefix, so it goes on sign-out
 * (authProvider/index.ts); the classes themselves are kept by useClasses.ts.
 */

/** No answer at all (the network), as opposed to an answer saying no: only then is the kept copy shown. */
const unreachable = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0;
};

const lessonsKey = () => `${DEVICE_CACHE_PREFIX}aulas.lista.${currentUser() ?? 0}`;

function rememberedLessons(): Lesson[] | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(lessonsKey()) ?? 'null');
    return Array.isArray(parsed) ? (parsed as Lesson[]) : null;
  } catch {
    return null;
  }
}

/** A lesson's roll call from the server, kept; without network, as last loaded. */
export async function rollKept(lessonId: number): ReturnType<typeof dataProvider.getRollCall> {
  try {
    const answer = await dataProvider.getRollCall(lessonId);
    rememberLessonRoll(lessonId, answer);
    return answer;
  } catch (error) {
    const kept = unreachable(error) ? rememberedLessonRoll(lessonId) : null;
    if (kept) return kept;
    throw error;
  }
}

/**
 * The lessons of these classes, kept with the roll calls of today's (fetched now, while there is network: the
 * teacher may not open them before the signal goes); without network, the list as last loaded.
 */
export async function lessonsKept(classes: ClassTeam[], today: string): Promise<Lesson[]> {
  let lessons: Lesson[];
  try {
    lessons = await dataProvider.getMyLessons(classes);
  } catch (error) {
    const kept = unreachable(error) ? rememberedLessons() : null;
    if (kept) return kept;
    throw error;
  }
  try {
    localStorage.setItem(lessonsKey(), JSON.stringify(lessons));
  } catch {
    // A full storage only costs the offline start.
  }
  void keepTodaysRolls(lessons.filter((l) => l.date === today));
  return lessons;
}

async function keepTodaysRolls(lessons: Lesson[]): Promise<void> {
  for (const lesson of lessons) {
    try {
      const answer = await rollKept(lesson.id);
      // The class's students, for a lesson created without network later today.
      rememberRoll(answer.lesson.team_id, answer.attendance);
    } catch {
      return; // the network went: what was kept stays
    }
  }
}
