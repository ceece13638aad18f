import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from '../../resources/cnpj';
import {
  DEFAULT_DESCRIPTION_TEMPLATE,
  ISS_MAX,
  ISS_MIN,
  NFSE_ENVIRONMENTS,
  NFSE_REGIMES,
  unknownPlaceholders,
  type NfseEnvironment,
  type NfseRegime,
} from '../../resources/nfse-settings';
import { dynamic, type Db } from '../db/connection';

/** The issuer's settings as `GET /api/nfse/settings` answers them (the contract's names). */
export interface NfseSettings {
  cnpj: string | null;
  inscricao_municipal: string | null;
  municipio_ibge: string | null;
  regime: NfseRegime | null;
  service_code: string | null;
  /** Percent (2 to 5, two decimals at most); stored in basis points. */
  iss_rate: number | null;
  description_template: string;
  issue_on: 'payment' | 'manual';
  /** Null: not configured, no invoice is issued. */
  environment: NfseEnvironment | null;
  certificate: { subject: string; cnpj: string | null; not_after: string } | null;
}

/** The settings and, for the adapters only, the sealed certificate (never answered). */
export interface Issuer {
  id: number | null;
  settings: NfseSettings;
  sealedCertificate: string | null;
}

export const EMPTY_NFSE_SETTINGS: NfseSettings = {
  cnpj: null,
  inscricao_municipal: null,
  municipio_ibge: null,
  regime: null,
  service_code: null,
  iss_rate: null,
  description_template: DEFAULT_DESCRIPTION_TEMPLATE,
  issue_on: 'payment',
  environment: null,
  certificate: null,
};

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

export async function readIssuer(db: Db): Promise<Issuer> {
  const row = await dynamic(db).selectFrom('nfse_settings').selectAll().orderBy('id').executeTakeFirst();
  if (!row) return { id: null, settings: EMPTY_NFSE_SETTINGS, sealedCertificate: null };
  return {
    id: Number(row.id),
    sealedCertificate: row.certificate_sealed ?? null,
    settings: {
      cnpj: row.cnpj ?? null,
      inscricao_municipal: row.inscricao_municipal ?? null,
      municipio_ibge: row.municipio_ibge ?? null,
      regime: row.regime ?? null,
      service_code: row.service_code ?? null,
      iss_rate: row.iss_rate_bp == null ? null : Number(row.iss_rate_bp) / 100,
      description_template: row.description_template ?? DEFAULT_DESCRIPTION_TEMPLATE,
      issue_on: row.issue_on === 'manual' ? 'manual' : 'payment',
      environment: row.environment ?? null,
      certificate: row.certificate_not_after
        ? {
            subject: String(row.certificate_subject),
            cnpj: row.certificate_cnpj ?? null,
            not_after: iso(row.certificate_not_after),
          }
        : null,
    },
  };
}

const text = (max: number, label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label}: informe um texto.` })
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || v.length <= max, `${label} pode ter no máximo ${max} caracteres.`);

const CNPJ_INVALID = 'CNPJ inválido: confira os dígitos (o CNPJ alfanumérico tem 12 letras ou números e 2 dígitos).';
const IBGE_INVALID = 'O código IBGE do município deve ter 7 dígitos (o de São Paulo é 3550308).';
const SERVICE_INVALID = 'O código de tributação nacional deve ter 6 dígitos, como 080101 (item 8.01 da LC 116).';
const ISS_INVALID = `A alíquota do ISS deve ser um número de ${ISS_MIN} a ${ISS_MAX}, com no máximo duas casas decimais.`;

/** "2,5", "2.5" or 2.5 → 250 basis points; null when empty; undefined when not a percent with two decimals at most. */
function issBasisPoints(raw: unknown): number | null | undefined {
  if (raw == null || raw === '') return null;
  const typed = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(',', '.') : '';
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(typed)) return undefined;
  const bp = Math.round(Number(typed) * 100);
  return bp >= ISS_MIN * 100 && bp <= ISS_MAX * 100 ? bp : undefined;
}

const choice = <T extends string>(values: readonly { value: T }[], message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v == null || v === '') return null;
      if (values.some((o) => o.value === v)) return v as T;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

export const settingsSchema = z.object({
  cnpj: text(18, 'O CNPJ')
    .transform((v) => (v === null ? null : normalizeCnpj(v)))
    .refine((v) => v === null || isValidCnpj(v), CNPJ_INVALID),
  // The layout's TSInscMun: 1 to 15 characters (the service refuses a DPS with a longer one).
  inscricao_municipal: text(15, 'A inscrição municipal'),
  municipio_ibge: text(7, 'O código IBGE do município').refine((v) => v === null || /^\d{7}$/.test(v), IBGE_INVALID),
  regime: choice(NFSE_REGIMES, 'Escolha o regime tributário: Simples Nacional, MEI ou não optante.'),
  service_code: text(8, 'O código de tributação nacional')
    .transform((v) => (v === null ? null : v.replace(/\./g, '')))
    .refine((v) => v === null || /^\d{6}$/.test(v), SERVICE_INVALID),
  iss_rate: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const bp = issBasisPoints(raw);
      if (bp !== undefined) return bp;
      ctx.addIssue({ code: 'custom', message: ISS_INVALID });
      return z.NEVER;
    }),
  description_template: text(1000, 'A descrição do serviço').superRefine((v, ctx) => {
    const unknown = v === null ? [] : unknownPlaceholders(v);
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `A descrição usa {${unknown[0]}}, que não existe: use {aluno}, {mes} e {parcela}.`,
      });
  }),
  issue_on: z
    .enum(['payment', 'manual'], { error: "Escolha quando emitir: 'payment' (ao receber) ou 'manual'." })
    .optional(),
  environment: choice(NFSE_ENVIRONMENTS, 'Escolha o ambiente: produção, produção restrita ou simulação.'),
});

export type SettingsInput = z.output<typeof settingsSchema>;

/** What an environment needs before any invoice can go: each missing field named. */
export function missingForEnvironment(
  values: SettingsInput,
  certificate: NfseSettings['certificate'],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (values.environment === null) return errors;
  const need = (field: keyof SettingsInput, message: string) => {
    if (values[field] === null) errors[field] = [message];
  };
  need('cnpj', 'Informe o CNPJ da escola para emitir notas.');
  need('municipio_ibge', 'Informe o código IBGE do município para emitir notas.');
  need('regime', 'Escolha o regime tributário para emitir notas.');
  need('service_code', 'Informe o código de tributação nacional para emitir notas.');
  need('iss_rate', 'Informe a alíquota do ISS para emitir notas.');
  if (values.environment === 'simulacao') return errors;
  if (!certificate)
    errors.environment = ['Envie o certificado digital A1 da escola antes de escolher produção ou produção restrita.'];
  else if (new Date(certificate.not_after).getTime() <= Date.now())
    errors.environment = ['O certificado digital venceu: envie o novo antes de emitir notas.'];
  else if (certificate.cnpj && values.cnpj && certificate.cnpj.slice(0, 8) !== values.cnpj.slice(0, 8))
    errors.cnpj = ['O CNPJ informado não é o do certificado digital enviado.'];
  return errors;
}

/** The row's columns for a validated body. */
export const columnsOf = (v: SettingsInput) => ({
  cnpj: v.cnpj,
  inscricao_municipal: v.inscricao_municipal,
  municipio_ibge: v.municipio_ibge,
  regime: v.regime,
  service_code: v.service_code,
  iss_rate_bp: v.iss_rate,
  description_template: v.description_template ?? DEFAULT_DESCRIPTION_TEMPLATE,
  issue_on: v.issue_on ?? 'payment',
  environment: v.environment,
});
