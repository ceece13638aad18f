import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area';
import { validationError } from '../http/errors';
import { specOf } from './columns';
import { IMPORTS_RUN } from './kinds';
import { SHEET_LIMITS } from './read/limits';
import { createImport, findImport, NO_COUNTS, type ImportView } from './record';
import { sheetFileOf, sheetFormOf } from './access';
import { PREVIEW_ROWS, previewOf } from './preview';
import { checkPacked, firstValid, handOver, IMPORT_JOB, previewCounts, readPacked, runImport } from './service';

const flag = (raw: unknown, name: string): boolean => {
  if (raw === undefined || raw === '' || raw === '0' || raw === 0 || raw === false || raw === 'false') return false;
  if (raw === '1' || raw === 1 || raw === true || raw === 'true') return true;
  throw validationError({ [name]: [`O campo ${name} deve ser 1 ou 0.`] });
};

/** The file's name as the office's computer gave it (`file_name`), shown in the history: plain text, short. */
const nameOf = (raw: unknown): string | null => {
  // eslint-disable-next-line no-control-regex
  const text = typeof raw === 'string' ? raw.replace(/[\u0000-\u001f\u007f]/g, '').trim() : '';
  return text ? text.slice(-120) : null;
};

/** The extension the file is kept under: what it is, by its first bytes, never by its name. */
const extensionOf = (bytes: Buffer) => (bytes[0] === 0x50 && bytes[1] === 0x4b ? 'xlsx' : 'csv');

/**
 * `POST /imports` (multipart: kind, file, dry_run, only_valid; file_name for the history): the file is read and
 * checked in a worker thread at once, so a hostile or broken one gets its 422 before anything is kept. A dry run
 * answers the preview (status `preview`, every problem by line and column) and writes nothing; a real run with
 * problems and without `only_valid` is refused as `failed` with them; otherwise the file is kept and the run queued
 * to the job runner.
 */
export function registerImportUpload(app: FastifyInstance, { db, storage, jobs }: AreaContext): void {
  jobs.handle(IMPORT_JOB, (payload: { id: number }, ctx) => runImport(db, storage, payload.id, ctx), {
    label: 'Importação de planilhas',
  });

  app.post(
    '/imports',
    {
      config: {
        access: IMPORTS_RUN,
        bodies: ['form'],
        formFile: { maxBytes: SHEET_LIMITS.uploadBytes, status: 422 },
      },
    },
    async (request, reply) => {
      const { body, kind } = sheetFormOf(request);
      const dryRun = flag(body.dry_run, 'dry_run');
      const onlyValid = flag(body.only_valid, 'only_valid');
      const file = sheetFileOf(body);
      const sheet = await checkPacked(db, kind, await readPacked(kind, new Uint8Array(file)));
      // What each row would do: for a dry run, and for a real run refused with its problems. A run that goes ahead
      // counts what it does itself (its record starts at zero), so that pass over the whole file would be lost work.
      const refused = !dryRun && sheet.valid < sheet.total && !onlyValid;
      const counts =
        dryRun || refused
          ? await previewCounts(db, kind, sheet)
          : { ...NO_COUNTS, total: sheet.total, valid: sheet.valid };
      const userId = request.user?.id;
      const fileName = nameOf(body.file_name);
      const base = {
        kind,
        dryRun,
        onlyValid,
        fileName,
        counts,
        problems: sheet.problems,
        warnings: sheet.warnings,
        userId,
      };
      let id: number;
      if (dryRun) id = await createImport(db, { ...base, status: 'preview' });
      else if (refused) id = await createImport(db, { ...base, status: 'failed' });
      else {
        const fileKey = await storage.put('imports', extensionOf(file), file);
        // What the run writes is counted by the run itself (the preview's guesses would be counted twice).
        const none = { ...counts, created: 0, updated: 0, unchanged: 0 };
        id = await createImport(db, { ...base, counts: none, status: 'queued', fileKey });
        handOver(db, id, sheet);
        await jobs.enqueue(IMPORT_JOB, { id }, { key: `import-${id}`, maxAttempts: 10 });
      }
      reply.status(201);
      const view = (await findImport(db, id)) as ImportView;
      // The first valid rows as they will be stored: only the dry run's answer has them (nothing keeps them).
      return { data: dryRun ? { ...view, preview: previewOf(specOf(kind)!, firstValid(sheet, PREVIEW_ROWS)) } : view };
    },
  );
}
