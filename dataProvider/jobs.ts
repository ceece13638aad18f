import type { OneOffJob, RecurringTask } from '../src/jobs/jobs';
import { request } from './request';

export interface JobsPage {
  data: OneOffJob[];
  total: number;
  recurring: RecurringTask[];
}

/** Administração › Tarefas (server/jobs). */
export const jobMethods = {
  getJobs: (page: number, perPage: number) => request<JobsPage>('/jobs', { query: { page, perPage } }),
  /** A failed job queued again. */
  retryJob: (id: number) => request<{ message?: string }>(`/jobs/${id}/retry`, { method: 'POST' }),
};
