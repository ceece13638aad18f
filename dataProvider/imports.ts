import type { ImportKind } from '../resources/import-kinds';
import type { ImportView } from '../src/imports/imports';
import { apiBlob, fetchFile } from '../src/api/files';
import { HttpError } from 'react-admin';
import { readBody, refusal } from '../src/api/http';
import { request } from './request';

/** What the office sends: the kind, the file and the two choices of `POST /imports`. */
export interface ImportUpload {
  kind: ImportKind;
  file: File;
  dryRun: boolean;
  onlyValid: boolean;
}

function formOf(upload: Pick<ImportUpload, 'kind' | 'file'>, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('kind', upload.kind);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  // The name the office gave the file, for the history (the server reads what the file is from its bytes).
  form.append('file_name', upload.file.name);
  // The file last: the server reads the fields before the file's bytes.
  form.append('file', upload.file, upload.file.name);
  return form;
}

/** A copy from the previous system (`POST /imports/legacy`): its address and an administrator's sign-in there. */
export interface LegacyImportStart {
  baseUrl: string;
  email: string;
  password: string;
  dryRun: boolean;
}

/** Administração › Importar (server/imports): upload, the previous system, progress, past imports, templates. */
export const importMethods = {
  /** Checks (dry run) or runs a spreadsheet: the import as created. */
  uploadImport: async (upload: ImportUpload) =>
    (
      await request<{ data: ImportView }>('/imports', {
        method: 'POST',
        body: formOf(upload, { dry_run: upload.dryRun ? '1' : '0', only_valid: upload.onlyValid ? '1' : '0' }),
      })
    ).data,
  /** Queues a simulation (dry run) or the copy from the previous system: the import as created. */
  startLegacyImport: async (start: LegacyImportStart) =>
    (
      await request<{ data: ImportView }>('/imports/legacy', {
        method: 'POST',
        body: { base_url: start.baseUrl, email: start.email, password: start.password, dry_run: start.dryRun },
      })
    ).data,
  /** One import, with the progress of a run. */
  getImport: async (id: number) => (await request<{ data: ImportView }>(`/imports/${id}`)).data,
  /** Past imports, newest first, with who ran each. */
  getImports: (page: number, perPage: number) =>
    request<{ data: ImportView[]; total: number }>('/imports', { query: { page, perPage } }),
  /** The template of a kind: header, an example row and (XLSX) the accepted values. */
  getImportTemplate: (kind: ImportKind, format: 'xlsx' | 'csv') =>
    apiBlob(`/imports/templates/${kind}?format=${format}`),
  /** The file's rows with an "Erro" column, for the office to correct and import again. */
  getImportWithErrors: async (upload: Pick<ImportUpload, 'kind' | 'file'>): Promise<Blob> => {
    const response = await fetchFile('/imports/annotated', 'POST', formOf(upload));
    if (!response.ok) {
      const body = await readBody(response);
      const refused = refusal(response, body, `Erro ${response.status} ao gerar a planilha com os erros.`);
      throw new HttpError(refused.message, refused.status, body);
    }
    return response.blob();
  },
};
