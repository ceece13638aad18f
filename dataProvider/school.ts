import type { SchoolSettings } from '../src/school/SchoolSettingsPage';
import { request } from './request';

/** Administração › Configurações da escola (server/school). */
export const schoolMethods = {
  getSchoolSettings: async () => (await request<{ data: SchoolSettings }>('/school-settings')).data,
  /** The whole settings: the server answers them as stored, with its message. */
  saveSchoolSettings: (body: Record<string, unknown>) =>
    request<{ data: SchoolSettings; message: string }>('/school-settings', { method: 'PUT', body }),
  /** The logo, a file sent on its own; the answer is its new address. */
  sendSchoolLogo: (file: File) => {
    const form = new FormData();
    form.append('logo', file, file.name);
    return request<{ data: { colored_logo: string }; message: string }>('/school-settings/logo', {
      method: 'POST',
      body: form,
    });
  },
  removeSchoolLogo: () => request<{ message: string }>('/school-settings/logo', { method: 'DELETE' }),
};
