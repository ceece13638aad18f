import { foldText } from '../../../resources/text';
import { dynamic, type Db } from '../../db/connection';
import type { LegacyUser } from './schemas';

/**
 * The role a copied user gets here. The contract's user (../shared/spec, 02 §3: id, name, email, password) names no
 * role, and its screens show none; a server that does name one (this project's own answers `role: {id, name}`; others
 * a `profile` or `role` word) is read by the role's key or name, without regard to case or accents. Anything else
 * gets the least privileged of our roles: an administrator here widens it on screen, never the copy by guessing.
 */
export async function roleChooser(db: Db): Promise<(user: LegacyUser) => number | null> {
  const k = dynamic(db);
  const roles = await k.selectFrom('roles').select(['id', 'key', 'name']).orderBy('id').execute();
  const granted = await k
    .selectFrom('role_permissions')
    .select(['role_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('role_id')
    .execute();
  const countOf = new Map(granted.map((g) => [Number(g.role_id), Number(g.n)]));
  const byWord = new Map<string, number>();
  for (const r of roles) {
    byWord.set(foldText(String(r.key)), Number(r.id));
    byWord.set(foldText(String(r.name)), Number(r.id));
  }
  // Fewest permissions; of equals, the oldest (a built-in before a school's own).
  const least = [...roles].sort((a, b) => (countOf.get(Number(a.id)) ?? 0) - (countOf.get(Number(b.id)) ?? 0))[0];
  const fallback = least ? Number(least.id) : null;
  return (user) => {
    for (const word of namesOf(user)) {
      const id = byWord.get(foldText(word.trim()));
      if (id !== undefined) return id;
    }
    return fallback;
  };
}

/** The words a source may give for a user's role, most specific first. */
function namesOf(user: LegacyUser): string[] {
  const words: (string | null | undefined)[] = [];
  const { role, profile } = user;
  if (typeof role === 'string') words.push(role);
  else if (role) words.push(role.key, role.name);
  words.push(user.role_name, profile);
  return words.filter((w): w is string => typeof w === 'string' && w.trim() !== '');
}
