/** A delete or write refused by a foreign key, in either dialect's words. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** A write refused by a unique index (two requests racing past the service's own check). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Marks an error the database connection raised (a socket's ECONNRESET says nothing of where it came from). */
const FROM_DATABASE = Symbol('fromDatabase');

/** Tags what a connection or a query of the database's own driver threw; answers it for rethrowing. */
export function fromDatabase(error: unknown): unknown {
  if (error && typeof error === 'object') (error as { [FROM_DATABASE]?: boolean })[FROM_DATABASE] = true;
  return error;
}

// SQLSTATEs of a server that went away or refuses sessions: connection exceptions (class 08), a backend
// terminated (57P01 pg_terminate_backend or a shutdown, 57P02 a crash), still starting (57P03), too many
// connections (53300). They are PostgreSQL's own, so they need no tag.
const GONE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
// node-postgres's own words for a connection that died or could not be had.
const GONE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/**
 * The database cannot be reached right now (restart, failover, network, an idle connection closed under
 * a query): the request may succeed in a moment, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && GONE_SQLSTATES.test(code)) return true;
  if (!(error as { [FROM_DATABASE]?: boolean })[FROM_DATABASE]) return false;
  // Tagged: a socket error (ECONNREFUSED, ECONNRESET, ETIMEDOUT…) or the driver's own message.
  return (
    (typeof code === 'string' && /^E[A-Z]+$/.test(code)) ||
    (typeof message === 'string' && GONE_MESSAGES.test(message)) ||
    error instanceof AggregateError
  );
}

/**
 * A write refused for lack of space: SQLite's file or the disk under it (SQLITE_FULL), the storage's
 * disk (ENOSPC, or EDQUOT past a quota), or PostgreSQL's (53100 disk_full).
 */
export function isDiskFull(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

/**
 * SQLite's file is locked by another process (`npm run migrate`, `--nova-senha-admin`, an administrator's sqlite3
 * shell) past the short wait the server allows (connection.ts): the write may succeed in a moment, a 503.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^SQLITE_BUSY/.test(code);
}
