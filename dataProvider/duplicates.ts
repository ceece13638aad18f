import type { DuplicateKind, DuplicatePage } from '../src/duplicates/types';
import { request } from './request';

const PATHS: Record<DuplicateKind, string> = { students: '/students', guardians: '/guardians' };

/** Likely duplicates of students and guardians, and their merge (server/merge). */
export const duplicateMethods = {
  /** A page of likely pairs, each with its reasons and both records' summaries. */
  getDuplicatePairs: (kind: DuplicateKind, page: number, perPage: number) =>
    request<DuplicatePage>(`${PATHS[kind]}/duplicates`, { query: { page, perPage } }),
  /** Everything of `from` moves to `keep`, and `from` is removed. */
  mergeDuplicate: (kind: DuplicateKind, keep: number, from: number) =>
    request<{ message?: string }>(`${PATHS[kind]}/${keep}/merge`, { method: 'POST', body: { from } }),
};
