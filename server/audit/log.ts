import { dynamic, type Db } from '../db/connection';

export type AuditAction =
  'create' | 'update' | 'delete' | 'export' | 'link' | 'payment' | 'simulate' | 'divergence' | 'reversal' | 'merge';

/** What changed: for an update only the fields whose value differs, as `{field: [before, after]}`. */
export function diff(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!before) return after ?? {};
  if (!after) return before;
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at' || key === 'search_text') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}

export interface AuditEntry {
  userId?: number;
  entity: string;
  entityId: number;
  action: AuditAction;
  changes: Record<string, unknown>;
}

/** Several entries in one statement (a plan's twelve charges), in chunks well under both databases' bounds. */
export async function auditAll(db: Db, entries: AuditEntry[]): Promise<void> {
  const at = new Date().toISOString();
  for (let i = 0; i < entries.length; i += 100)
    await dynamic(db)
      .insertInto('audit_log')
      .values(
        entries.slice(i, i + 100).map((entry) => ({
          user_id: entry.userId ?? null,
          entity: entry.entity,
          entity_id: entry.entityId,
          action: entry.action,
          changes: JSON.stringify(entry.changes),
          created_at: at,
        })),
      )
      .execute();
}

/** Every change to a student's records is attributable: who, when, what (LGPD). */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await dynamic(db)
    .insertInto('audit_log')
    .values({
      user_id: entry.userId ?? null,
      entity: entry.entity,
      entity_id: entry.entityId,
      action: entry.action,
      changes: JSON.stringify(entry.changes),
      created_at: new Date().toISOString(),
    })
    .execute();
}
