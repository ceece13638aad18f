import { ApiError } from '../../http/errors';

const MB = 1024 * 1024;

/**
 * What one spreadsheet may be (issue 37). Anything past these is refused with a 422 before any work is done on
 * its rows: an upload's size, the data rows, and what an XLSX (a zip) may inflate to, entry by entry and in all —
 * checked on the sizes it declares and again on the bytes it really inflates to.
 */
export const SHEET_LIMITS = {
  uploadBytes: 20 * MB,
  dataRows: 50_000,
  columns: 200,
  /** What one entry of an XLSX may inflate to, and all of them together. */
  entryBytes: 120 * MB,
  inflatedBytes: 200 * MB,
  entries: 2_000,
  /** Empty rows in a row after which the sheet is taken to end (a million formatted empty rows are never read). */
  emptyRun: 1_000,
} as const;

/** The 422 of a file the import will not read, in words the office can act on. */
export const refuse = (message: string) => new ApiError(422, message, { file: [message] });

export const NOT_A_SHEET = 'O arquivo não é uma planilha: envie um arquivo XLSX (Excel) ou CSV.';
export const ENCRYPTED =
  'A planilha está protegida por senha ou é do formato antigo .xls: abra-a no Excel, tire a senha e salve como ' +
  '.xlsx (ou CSV).';
export const TOO_BIG_INSIDE =
  'A planilha descompactada fica grande demais para ser importada: divida-a em arquivos menores.';
export const TOO_MANY_ROWS = `A planilha tem mais de ${SHEET_LIMITS.dataRows.toLocaleString('pt-BR')} linhas de dados: divida-a em arquivos menores.`;
export const TOO_LARGE = `O arquivo pode ter no máximo ${SHEET_LIMITS.uploadBytes / MB} MB.`;
export const EMPTY =
  'A planilha está vazia: a primeira linha deve ter os títulos das colunas e as seguintes, os dados.';
