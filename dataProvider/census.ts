import { HttpError } from 'react-admin';
import { fetchFile } from '../src/api/files';
import { readBody } from '../src/api/http';
import { request } from './request';

/** One problem the Educacenso system would refuse (`GET /educacenso/{year}/check`), with the screen that fixes it. */
export interface CensusProblem {
  record: 'escola' | 'turma' | 'aluno' | 'profissional';
  id: number;
  name: string;
  field: string;
  message: string;
  link: string;
}

/** What INEP's return file changed (`POST /educacenso/{year}/return`). */
export interface CensusReturn {
  updated: { alunos: number; profissionais: number; turmas: number; matriculas?: number };
  unmatched: { record: string; name: string; birth_date?: string; inep_id: string }[];
}

/** The file a census export answers, with the name the server gives it. */
export interface CensusFile {
  blob: Blob;
  name: string;
}

/** Secretaria › Censo Escolar (server/census): the check, the files for INEP and INEP's return file. */
export const censusMethods = {
  /** The problems of the year's census (stage 1, the one checked all year). */
  getCensusProblems: async (year: number) =>
    (await request<{ data: CensusProblem[] }>(`/educacenso/${year}/check`)).data,
  /** The stage's file; a 422 (problems left) becomes react-admin's HttpError with the server's words and list. */
  exportCensus: async (year: number, stage: 1 | 2): Promise<CensusFile> => {
    const response = await fetchFile(`/educacenso/${year}/export?stage=${stage}`);
    if (!response.ok) {
      const body = (await readBody(response)) as { message?: string } | null;
      throw new HttpError(body?.message ?? `Erro ${response.status} ao gerar o arquivo.`, response.status, body);
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await response.blob(), name: name ?? `censo-escolar-${year}-etapa-${stage}.txt` };
  },
  /** Reads INEP's return file: the INEP ids written into the records, and who was not found. */
  importCensusReturn: async (year: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await request<{ data: CensusReturn }>(`/educacenso/${year}/return`, { method: 'POST', body: form })).data;
  },
};
