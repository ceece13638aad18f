import { DEVICE_CACHE_PREFIX, USER_KEY } from '../../authProvider';
// The outbox sends outside any screen (on 'online', from the banner): the app's dataProvider itself, not useApi.
import { lightDataProvider as dataProvider } from '../../dataProvider/light';
import { isTransient, refusalOf } from './api';
import type { Lesson, LessonFields, Refusal, RollEntry } from './types';

/**
 * The teacher's outbox: every lesson and roll call saved on this screen is written here first and leaves only
 * once the server has it, so nothing typed in a classroom without signal is lost (issue 25). Kept in
 * localStorage, per user; sent again when the browser comes back online and whenever the app opens.
 */
export interface Pending {
  /** `aula-12` for a lesson the server has, `nova-…` for one created without network. */
  key: string;
  /** Who typed it: another user signing in on this browser does not send it in their name. */
  userId: number | null;
  lessonId?: number;
  lesson: LessonFields;
  /** The lesson's fields were changed (content…) and are not on the server yet. */
  lessonChanged: boolean;
  /** The roll call as marked; null when none was taken yet. */
  attendance: RollEntry[] | null;
  /** What the server refused: kept for the teacher to correct, never sent again by itself. */
  refusal?: Refusal;
  savedAt: string;
  /**
   * The `Idempotency-Key` of this version's writes (its lesson's fields, its roll call), kept across retries: a
   * write whose answer was lost is sent again under its key, and the server answers it instead of doing it twice.
   * Absent on items kept before keys existed: given at their first send.
   */
  keys?: { lesson: string; roll: string };
  /**
   * The lesson's creation once tried, with its key and fields: sent again as it was until the server answers,
   * whatever versions are saved meanwhile (the server may have created it already).
   */
  creating?: { key: string; lesson: LessonFields };
}

export const OUTBOX_KEY = 'secretaria.aulas.pendentes';
const rollsKey = () => `${DEVICE_CACHE_PREFIX}aulas.chamadas.${currentUser() ?? 0}`;
const CHANGED = 'secretaria-aulas-pendentes';

export const keyOfLesson = (id: number) => `aula-${id}`;

/** The signed-in user's id (as stored at sign-in): whose outbox and caches these are. */
export function currentUser(): number | null {
  try {
    const id = (JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as { id?: unknown } | null)?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

function readAll(): Pending[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Pending[]) : [];
  } catch {
    return [];
  }
}

function writeAll(items: Pending[]): void {
  if (items.length === 0) localStorage.removeItem(OUTBOX_KEY);
  else localStorage.setItem(OUTBOX_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CHANGED));
}

/** The signed-in user's unsent lessons and roll calls, oldest first. */
export function pendingItems(): Pending[] {
  const user = currentUser();
  return readAll().filter((p) => p.userId === user);
}

export const pendingOf = (key: string) => pendingItems().find((p) => p.key === key);

/** A fresh `Idempotency-Key`: 128 random bits (crypto.randomUUID needs https, a school's server may not have it). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const newKeys = () => ({ lesson: newRequestKey(), roll: newRequestKey() });

/** Kept (replacing the same lesson's earlier unsent version) before anything is sent; its writes get new keys. */
export function keep(item: Omit<Pending, 'userId' | 'savedAt' | 'keys'>): Pending {
  const user = currentUser();
  const earlier = readAll().find((p) => p.key === item.key && p.userId === user);
  const stored: Pending = {
    ...item,
    // A creation already tried goes on under its key: a new key could create the lesson a second time.
    creating: item.creating ?? (item.lessonId === undefined ? earlier?.creating : undefined),
    keys: newKeys(),
    userId: user,
    savedAt: new Date().toISOString(),
  };
  writeAll([...readAll().filter((p) => p.key !== item.key || p.userId !== user), stored]);
  return stored;
}

/** A change to the lesson's item; with `savedAt`, only to that version of it (not to one saved since). */
function update(key: string, change: Partial<Pending>, savedAt?: string): void {
  const user = currentUser();
  const mine = (p: Pending) => p.key === key && p.userId === user && (savedAt === undefined || p.savedAt === savedAt);
  writeAll(readAll().map((p) => (mine(p) ? { ...p, ...change } : p)));
}

const sameFields = (a: LessonFields, b: LessonFields) =>
  a.team_id === b.team_id &&
  a.discipline_id === b.discipline_id &&
  a.stage_id === b.stage_id &&
  a.date === b.date &&
  a.periods === b.periods &&
  a.content === b.content;

/** Removed once sent; a newer version saved meanwhile (`savedAt` differs) stays to be sent too. */
export function drop(key: string, savedAt?: string): void {
  const user = currentUser();
  const mine = (p: Pending) => p.key === key && p.userId === user && (savedAt === undefined || p.savedAt === savedAt);
  writeAll(readAll().filter((p) => !mine(p)));
}

/** Told whenever the outbox changes (this tab); returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}

/** Lessons created offline that reached the server since: the screen showing one follows it to its id. */
export const sentAs = new Map<string, number>();

export type Outcome = 'sent' | 'kept' | 'refused';

/**
 * Sends one item: the lesson (created, or its changed fields), then its roll call. Each step that succeeds is
 * written down at once, and each is sent under its own `Idempotency-Key`, kept across retries: a step whose
 * answer was lost is answered again by the server, never done twice (a lesson is never created twice).
 */
export async function send(item: Pending): Promise<Outcome> {
  let lessonId = item.lessonId;
  let lessonChanged = item.lessonChanged;
  const keys = item.keys ?? newKeys();
  if (!item.keys) update(item.key, { keys }, item.savedAt);
  try {
    if (lessonId === undefined) {
      const creating = item.creating ?? { key: newRequestKey(), lesson: item.lesson };
      // Written down before it leaves: if its answer is lost, the next try sends the same key and fields.
      if (!item.creating) update(item.key, { creating });
      lessonId = (await dataProvider.createLesson(creating.lesson, creating.key)).id;
      sentAs.set(item.key, lessonId);
      lessonChanged = !sameFields(creating.lesson, item.lesson);
      update(item.key, { lessonId, lessonChanged, creating: undefined });
    }
    if (lessonChanged) {
      await dataProvider.updateLesson(lessonId, item.lesson, keys.lesson);
      update(item.key, { lessonChanged: false });
    }
    if (item.attendance) await dataProvider.saveRollCall(lessonId, item.attendance, keys.roll);
    // The copy kept for an offline start shows what the server now holds, not the roll call before this one.
    keptAsSent(lessonId, item.lesson, item.attendance);
    drop(item.key, item.savedAt);
    return 'sent';
  } catch (error) {
    if (isTransient(error)) return 'kept';
    update(item.key, { refusal: refusalOf(error) });
    return 'refused';
  }
}

let flushing: Promise<void> = Promise.resolve();

/** Sends every unsent item not refused, one after another; calls made meanwhile wait their turn. */
export function flush(): Promise<void> {
  flushing = flushing
    .then(async () => {
      for (const item of pendingItems().filter((p) => !p.refusal)) {
        // Offline: the rest would fail the same way.
        if ((await send(item)) === 'kept') break;
      }
    })
    .catch(() => undefined);
  return flushing;
}

/** Sends one lesson's item now, in turn with any flush already running (never twice at once). */
export function sendNow(key: string): Promise<Outcome> {
  const turn = flushing.then(async (): Promise<Outcome> => {
    const item = pendingOf(key);
    return item ? send(item) : 'sent';
  });
  flushing = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

/** The last roll call seen of each team: a lesson created without network still has its students. */
export function rememberRoll(teamId: number, roll: RollEntry[]): void {
  try {
    const all = JSON.parse(localStorage.getItem(rollsKey()) ?? '{}') as Record<string, RollEntry[]>;
    all[teamId] = roll.map((r) => ({ ...r, absences: 0, justified: false, reason: null }));
    localStorage.setItem(rollsKey(), JSON.stringify(all));
  } catch {
    // A full storage only costs the offline roll call of a new lesson.
  }
}

export function rememberedRoll(teamId: number): RollEntry[] | null {
  try {
    const all = JSON.parse(localStorage.getItem(rollsKey()) ?? '{}') as Record<string, RollEntry[]>;
    return Array.isArray(all[teamId]) ? all[teamId] : null;
  } catch {
    return null;
  }
}

/** A lesson's roll call as the server answered it (`GET /lessons/{id}/attendance`), kept for an offline start. */
export interface KeptRoll {
  lesson: Lesson;
  attendance: RollEntry[];
}

const lessonRollsKey = () => `${DEVICE_CACHE_PREFIX}aulas.chamadas-das-aulas.${currentUser() ?? 0}`;
/** Today's lessons and the last ones opened are enough for a day without signal; older ones make room. */
const KEPT_LESSON_ROLLS = 40;

function keptRolls(): [string, KeptRoll][] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(lessonRollsKey()) ?? '[]');
    return Array.isArray(parsed) ? (parsed as [string, KeptRoll][]) : [];
  } catch {
    return [];
  }
}

export function rememberLessonRoll(lessonId: number, roll: KeptRoll): void {
  const others = keptRolls().filter(([id]) => id !== String(lessonId));
  try {
    localStorage.setItem(
      lessonRollsKey(),
      JSON.stringify([...others, [String(lessonId), roll]].slice(-KEPT_LESSON_ROLLS)),
    );
  } catch {
    // A full storage only costs the offline start of this roll call.
  }
}

export const rememberedLessonRoll = (lessonId: number): KeptRoll | null =>
  keptRolls().find(([id]) => id === String(lessonId))?.[1] ?? null;

/** After a send: the kept copy of that lesson (if any) becomes what was sent. */
function keptAsSent(lessonId: number, lesson: LessonFields, attendance: RollEntry[] | null): void {
  const kept = rememberedLessonRoll(lessonId);
  if (!kept) return;
  rememberLessonRoll(lessonId, { lesson: { ...lesson, id: lessonId }, attendance: attendance ?? kept.attendance });
}
