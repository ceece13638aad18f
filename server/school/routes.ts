import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';

export const DEFAULT_BRANDING = {
  school_name: 'Secretaria',
  main_service: null as string | null,
  email: null as string | null,
  phones: [] as string[],
  main_color: '#C4C4C4',
  secondary_color: '#666666',
  city: null as string | null,
  average_grade: 6,
  colored_logo: null as string | null,
  cover: null as string | null,
};

export type Branding = typeof DEFAULT_BRANDING;

export async function loadBranding(db: Db): Promise<Branding> {
  const row = await db.kysely.selectFrom('school_settings').selectAll().orderBy('id').executeTakeFirst();
  if (!row) return DEFAULT_BRANDING;
  let phones: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.phones);
    if (Array.isArray(parsed)) phones = parsed.map(String);
  } catch {
    phones = [];
  }
  return {
    school_name: row.school_name,
    main_service: row.main_service,
    email: row.email,
    phones,
    main_color: row.main_color,
    secondary_color: row.secondary_color,
    city: row.city,
    // Stored in tenths so that 6.0 stays exact; the contract speaks of the grade itself.
    average_grade: Number(row.average_grade) / 10,
    colored_logo: row.colored_logo,
    cover: row.cover,
  };
}

export function registerSchoolRoutes(app: FastifyInstance, db: Db): void {
  app.get('/data-of-client', { config: { public: true } }, async () => loadBranding(db));
  // For load balancers and the benchmark's baseline: answers without touching the database.
  app.get('/health', { config: { public: true } }, async () => ({ status: 'ok' }));
}
