import {
  API_BASE,
  ApiRequestError,
  buildUrl,
  readBody,
  refusal,
  retryWhenBusy,
  type RequestOptions,
} from '../api/http';
import type { StudentAttendance } from '../students/AttendanceTable';
import { arrivedEarly, takeEarly } from '../api/early';

import { getPortalToken, PORTAL_TOKEN_KEY } from './token';

export { getPortalToken, PORTAL_TOKEN_KEY };

/** The family portal's one door to `/api/portal` (PORTAL-CONTRACT.md), with its own token (token.ts). */
export const clearPortalToken = (): void => localStorage.removeItem(PORTAL_TOKEN_KEY);

/** Shown on the sign-in when the server no longer knows the token (expired, or revoked by the office). */
export const SESSION_ENDED = 'Sua sessão terminou. Entre novamente.';

type Listener = (message: string) => void;
const endedListeners = new Set<Listener>();

/** Told when a signed-in call is answered 401: the token is already cleared; returns the unsubscribe. */
export function onPortalSessionEnded(listener: Listener): () => void {
  endedListeners.add(listener);
  return () => void endedListeners.delete(listener);
}

/** A 401 on a call made with a token ends the session here, whatever screen made it. */
function ended(status: number, hadToken: boolean) {
  if (status !== 401 || !hadToken) return;
  clearPortalToken();
  for (const listener of endedListeners) listener(SESSION_ENDED);
}

/** The headers of a portal call with this token (also those of src/main.tsx's early `me`). */
export function portalHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** JSON to and from `/api`, with the portal's token; a busy server (503) is asked again, as the staff's calls are. */
export function portalRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return retryWhenBusy(async () => {
    const token = getPortalToken();
    const headers = portalHeaders(token);
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const url = buildUrl(path, options.query);
    let response: Response;
    try {
      // The home's `me`, asked for by src/main.tsx while this code was still downloading.
      const early = options.method === undefined || options.method === 'GET' ? takeEarly(url, headers) : undefined;
      response = await (early ??
        fetch(url, {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        }));
    } catch {
      throw new ApiRequestError('Não foi possível falar com o servidor. Verifique sua conexão.', 0, null);
    }
    const body = await readBody(response);
    if (!response.ok) {
      ended(response.status, Boolean(token));
      throw refusal(response, body, `Erro ${response.status} ao falar com o servidor.`);
    }
    return body as T;
  });
}

/** A file the server answers (a photo, a receipt, a PDF), by the portal path it gave (`/api/portal/…`). */
export function portalBlob(path: string): Promise<Blob> {
  const url = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`;
  return retryWhenBusy(async () => {
    const token = getPortalToken();
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) {
      ended(response.status, Boolean(token));
      throw refusal(response, await readBody(response), `Erro ${response.status} ao baixar o arquivo.`);
    }
    return response.blob();
  });
}

// ---------------------------------------------------------------------------------------------------
// The contract's shapes.

export interface PortalAccount {
  id: number;
  name: string;
  email: string;
}

export interface PortalStudent {
  id: number;
  name: string;
  registration_number: string | null;
  team: { id: number; name: string } | null;
  photo_url: string | null;
}

export interface PortalMe {
  account: PortalAccount;
  students: PortalStudent[];
}

export type Verdict = '' | 'EM CURSO' | 'APROVADO' | 'REPROVADO' | 'REPROVADO POR FALTA';

export interface ReportCard {
  student: { id: number; name: string };
  team: { id: number; name: string; year: number } | null;
  /** The school years the student was enrolled in, newest first, and the one shown (absent from older servers). */
  years?: { id: number; year: number }[];
  school_year_id?: number | null;
  /** `published`: the office published this stage's grades (absent from older servers: taken as published). */
  stages: { id: number; name: string; published?: boolean }[];
  minimum_average: number;
  minimum_attendance: number;
  disciplines: {
    id: number;
    name: string;
    /** One per stage, in the stages' order. */
    grades: (number | null)[];
    average: number | null;
    absences: number;
    /** Percent, 0–100; null without a lesson recorded. */
    frequency: number | null;
    result: Verdict;
  }[];
}

export interface Charge {
  id: number;
  description: string;
  due_date: string;
  /** Centavos, as every amount. */
  value: number;
  amount_due_today: number;
  overdue: boolean;
  /** The day it was paid, 'YYYY-MM-DD' on the school's calendar (never an instant). */
  paid_at: string | null;
  paid_value: number | null;
  payment_method: string | null;
  receipt_url: string | null;
  /** Its service invoice once issued (issue 41): the number and the DANFSe's address. */
  nfse?: { number: string; status: string; url: string } | null;
}

export interface Charges {
  open: Charge[];
  paid: Charge[];
}

export type PaymentMethod = 'pix' | 'boleto' | 'card';

export interface Payment {
  method: PaymentMethod;
  pix: { qr_code: string; qr_code_base64: string | null } | null;
  boleto: { barcode: string; digitable_line: string; url: string } | null;
  card: { url: string } | null;
  /** The provider's own payment page (a PIX's or boleto's); in the demo, the simulation's page to pay. */
  ticket_url: string | null;
  /** The payment simulation (the demo): no money moves. */
  sandbox: boolean;
}

export interface PortalDocument {
  id: number;
  title: string;
  issued_at: string;
  code: string;
  verify_url: string;
  download_url: string;
}

/** A family's re-enrolment (issue 39), as GET /portal/students/:id/re-enrolment answers it. */
export type ReEnrolmentNext = 'dados' | 'documentos' | 'plano' | 'contrato' | 'pagamento' | 'enviar' | 'situacao';
export interface ReEnrolmentPerson {
  id: number;
  name: string;
  [field: string]: unknown;
}
export interface ReEnrolment {
  id: number;
  campaign: {
    id: number;
    kind: 'rematricula' | 'matricula';
    year: number;
    opens_on: string;
    closes_on: string;
    terms: string | null;
  };
  step: string;
  status: 'pendente' | 'enviado' | 'devolvido' | 'aceito' | 'desistiu';
  office_note: string | null;
  submitted_at: string | null;
  decided_at: string | null;
  team: { id: number; name: string } | null;
  plans: { id: number; name: string; instalments: number; value: number; due_day: number; first_month: string }[];
  plan_id: number | null;
  data: {
    student: ReEnrolmentPerson;
    guardians: (ReEnrolmentPerson & { kinship: string; financial_responsible: boolean })[];
  };
  changes: { student?: Record<string, unknown>; guardians?: { id: number; values: Record<string, unknown> }[] };
  documents: { name: string; uploaded: { file_name: string; mime: string; size: number; at: string } | null }[];
  contract: { read: boolean; sha256: string | null; signed_code: string | null };
  first_charge: { id: number; value: number; due_date: string; paid: boolean; paid_at: string | null } | null;
  first_charge_after_acceptance: boolean;
  debt: { value: number; charge_ids: number[] } | null;
  missing: ('documentos' | 'plano' | 'assinatura' | 'pagamento')[];
  next: ReEnrolmentNext;
}

/** A multipart form to a portal path (an uploaded document), with the portal's token. */
export function portalForm<T>(path: string, form: FormData): Promise<T> {
  return retryWhenBusy(async () => {
    const token = getPortalToken();
    let response: Response;
    try {
      response = await fetch(buildUrl(path), {
        method: 'POST',
        headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
        body: form,
      });
    } catch {
      throw new ApiRequestError('Não foi possível falar com o servidor. Verifique sua conexão.', 0, null);
    }
    const body = await readBody(response);
    if (!response.ok) {
      ended(response.status, Boolean(token));
      throw refusal(response, body, `Erro ${response.status} ao enviar o arquivo.`);
    }
    return body as T;
  });
}

// ---------------------------------------------------------------------------------------------------
// The calls.

const post = <T>(path: string, body: unknown = {}) => portalRequest<T>(path, { method: 'POST', body });
const student = (id: number | string) => `/portal/students/${encodeURIComponent(String(id))}`;

export const portalApi = {
  /** Keeps the token of a right password; a refusal carries the server's words (and `captcha` when it asks). */
  async login(email: string, password: string, altcha?: string): Promise<PortalAccount> {
    const answer = await post<{ token: string; account: PortalAccount }>(
      '/portal/login',
      altcha ? { email, password, altcha } : { email, password },
    );
    localStorage.setItem(PORTAL_TOKEN_KEY, answer.token);
    return answer.account;
  },
  /** Ends the session on the server (when it can) and forgets the portal's token, and nothing of the staff's. */
  async logout(): Promise<void> {
    try {
      if (getPortalToken()) await post<null>('/portal/logout');
    } catch {
      // Signed out here all the same: the token is forgotten below.
    } finally {
      clearPortalToken();
    }
  },
  activate: (token: string, password: string) => post<{ message: string }>('/portal/activate', { token, password }),
  /** The printed letter's way: the e-mail and the one-time code, typed. */
  activateWithCode: (email: string, code: string, password: string) =>
    post<{ message: string }>('/portal/activate', { email, code, password }),
  /** Whether an invitation's link still works, asked on opening it: the account's e-mail, or a 422 saying why not. */
  checkInvitation: (token: string) => post<{ email: string }>('/portal/invitation', { token }),
  forgotPassword: (email: string, altcha?: string) =>
    post<{ message: string }>('/portal/forgot-password', altcha ? { email, altcha } : { email }),
  resetPassword: (token: string, password: string) =>
    post<{ message: string }>('/portal/reset-password', { token, password }),
  me: () => portalRequest<PortalMe>('/portal/me'),
  /** `me` as src/main.tsx's early read already brought it (this page's own answer), if it has arrived. */
  meArrived: (): PortalMe | undefined =>
    arrivedEarly(buildUrl('/portal/me'), portalHeaders(getPortalToken())) as PortalMe | undefined,
  /** The current school year's card, or the year asked for (`years` in the answer lists the student's). */
  reportCard: (id: number | string, schoolYearId?: number) =>
    portalRequest<ReportCard>(`${student(id)}/report-card${schoolYearId ? `?school_year_id=${schoolYearId}` : ''}`),
  attendance: (id: number | string) => portalRequest<StudentAttendance>(`${student(id)}/attendance`),
  charges: (id: number | string) => portalRequest<Charges>(`${student(id)}/charges`),
  pay: (id: number | string, chargeId: number, method: PaymentMethod) =>
    post<Payment>(`${student(id)}/charges/${chargeId}/payment`, { method }),
  documents: (id: number | string) => portalRequest<PortalDocument[]>(`${student(id)}/documents`),
  requestDeclaration: (id: number | string) => post<{ document: PortalDocument }>(`${student(id)}/declarations`, {}),
  reEnrolment: (id: number | string) => portalRequest<ReEnrolment>(`${student(id)}/re-enrolment`),
  saveReEnrolment: (id: number | string, body: { plan_id?: number; changes?: unknown } | { decline: true }) =>
    portalRequest<ReEnrolment>(`${student(id)}/re-enrolment`, { method: 'PUT', body }),
  uploadReEnrolmentDocument: (id: number | string, name: string, file: File) => {
    const form = new FormData();
    form.append('name', name);
    form.append('file', file, file.name);
    return portalForm<{ data: ReEnrolment['documents'] }>(`${student(id)}/re-enrolment/documents`, form);
  },
  reEnrolmentContract: (id: number | string) => portalBlob(`${student(id)}/re-enrolment/contract`),
  sendSignCode: (id: number | string) =>
    post<{ sent_to: string; message: string }>(`${student(id)}/re-enrolment/sign-code`),
  sign: (id: number | string, code: string, sha256: string) =>
    post<{ code: string; message: string }>(`${student(id)}/re-enrolment/sign`, { code, sha256 }),
  submitReEnrolment: (id: number | string) => post<ReEnrolment>(`${student(id)}/re-enrolment/submit`),
};
