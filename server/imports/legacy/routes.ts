import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LEGACY_PERMISSIONS } from '../../../resources/legacy-import';
import { forbiddenMessage } from '../../../resources/permissions';
import type { Area, AreaContext } from '../../area';
import { dynamic } from '../../db/connection';
import { ApiError, conflict, parseOr422, validationError } from '../../http/errors';
import { IMPORTS_RUN, type ImportKind } from '../kinds';
import { createImport, findImport } from '../record';
import { credentialStore } from './credentials';
import { LEGACY_JOB, runLegacyImport } from './run';
import { apiRoot } from './source';

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
    error: 'Informe se é uma simulação (dry_run: true ou false).',
  })
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const bodySchema = z.object({
  base_url: z
    .string({ error: 'Informe o endereço do sistema anterior.' })
    .trim()
    .min(1, 'Informe o endereço do sistema anterior.')
    .max(500, 'O endereço do sistema anterior é longo demais.'),
  email: z
    .string({ error: 'Informe o e-mail de acesso ao sistema anterior.' })
    .trim()
    .min(1, 'Informe o e-mail de acesso ao sistema anterior.')
    .max(190, 'O e-mail é longo demais.'),
  password: z
    .string({ error: 'Informe a senha de acesso ao sistema anterior.' })
    .min(1, 'Informe a senha de acesso ao sistema anterior.')
    .max(200, 'A senha é longa demais.'),
  dry_run: flag,
});

/** `POST /imports/legacy` (issue 37): queues a copy of the previous system's data into this school. */
export function registerLegacyImportRoutes(app: FastifyInstance, ctx: AreaContext): void {
  // Sealed in the database with SECRETARIA_ENCRYPTION_KEY, else in this process's memory (credentials.ts).
  const credentials = credentialStore(ctx);
  ctx.jobs.handle(
    LEGACY_JOB,
    (payload: { id: number }, job) => runLegacyImport(ctx, payload.id, credentials, job.signal, app.log),
    {
      label: 'Importação do sistema anterior',
    },
  );

  app.post('/imports/legacy', { config: { access: IMPORTS_RUN } }, async (request, reply) => {
    const missing = LEGACY_PERMISSIONS.find((p) => !request.user?.permissions.includes(p));
    if (missing) throw new ApiError(403, forbiddenMessage(missing));
    const input = parseOr422(bodySchema, request.body);
    const root = apiRoot(input.base_url);
    if (typeof root === 'string') throw validationError({ base_url: [root] });
    // Two runs at once would both create what neither has mapped yet.
    const running = await dynamic(ctx.db)
      .selectFrom('imports')
      .select('id')
      .where('kind', '=', 'legacy')
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (running) throw conflict('Já há uma importação do sistema anterior em andamento. Aguarde o fim dela.');
    const id = await createImport(ctx.db, {
      // Not a spreadsheet kind: the record's list and screens show it as the import from the previous system.
      kind: 'legacy' as ImportKind,
      status: 'queued',
      dryRun: input.dry_run,
      onlyValid: false,
      fileName: root.host,
      userId: request.user?.id,
    });
    await credentials.keep(id, { root: root.toString(), email: input.email, password: input.password });
    // A second try only runs after the first one's server died: with the sealed sign-in it starts over (the mapping
    // table keeps it from duplicating); with the sign-in in the dead server's memory it closes the record.
    await ctx.jobs.enqueue(LEGACY_JOB, { id }, { maxAttempts: 2, key: `imports.legacy:${id}` });
    reply.status(201);
    return { data: await findImport(ctx.db, id), message: 'Importação do sistema anterior iniciada.' };
  });
}

export const legacyImportsArea: Area = { routes: registerLegacyImportRoutes };
