import type { NfseSettingsAnswer } from '../src/invoices/NfseSettingsPage';
import { request } from './request';

export interface NfseCertificate {
  subject: string;
  cnpj: string | null;
  not_after: string;
}

/** The school as NFS-e issuer (server/invoices): Administração › Configurações › Nota fiscal, and the A1's expiry. */
export const invoiceMethods = {
  getNfseSettings: async () => (await request<{ data: NfseSettingsAnswer }>('/nfse/settings')).data,
  saveNfseSettings: (body: Record<string, unknown>) =>
    request<{ data: NfseSettingsAnswer; message: string }>('/nfse/settings', { method: 'PUT', body }),
  /** The A1 (PKCS#12) and its password; the answer is its subject and expiry, never the file. */
  sendNfseCertificate: (file: File, password: string) => {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('password', password);
    return request<{ data: NfseCertificate; message: string }>('/nfse/certificate', { method: 'POST', body: form });
  },
  /** The certificate's subject and expiry (null: none sent), for the dashboard's warning. */
  getNfseCertificate: async () => (await request<{ data: NfseCertificate | null }>('/nfse/certificate')).data,
};
