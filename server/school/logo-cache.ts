import type { Db } from '../db/connection';
import { logoVersion } from './logo-image';

/**
 * The logo's bytes, kept once per process (and per worker thread) for the version the settings name: a
 * version never changes its bytes, so a new upload is simply a new key. Only the current one is kept.
 */
let kept: { version: string; content: Buffer } | null = null;

/** The logo of this version from the database (once per process), or undefined when it is not there. */
async function load(db: Db, version: string): Promise<Buffer | undefined> {
  if (kept?.version === version) return kept.content;
  const row = await db.kysely
    .selectFrom('school_logos')
    .select('content')
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) return undefined;
  kept = { version, content: Buffer.from(row.content, 'base64') };
  return kept.content;
}

/**
 * Makes the logo the settings name ready for `cachedLogo` (loadSettings calls it, so every PDF that reads
 * the settings finds it drawn without reading anything more).
 */
export async function warmLogo(db: Db, coloredLogo: string | null): Promise<void> {
  const version = logoVersion(coloredLogo);
  if (version && kept?.version !== version) await load(db, version);
}

/** The logo's bytes for the settings' `colored_logo`, when `warmLogo` has read them. */
export function cachedLogo(coloredLogo: string | null | undefined): Buffer | undefined {
  const version = logoVersion(coloredLogo);
  return version && kept?.version === version ? kept.content : undefined;
}

/** The logo's bytes of a version, for the public route. */
export const logoContent = load;
