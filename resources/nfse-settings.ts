import type { FieldConfig } from './types';

/**
 * Administração › Configurações › Nota fiscal (issue 41): the school as the issuer of its NFS-e. One row, like the
 * school settings, so not a resource; the labels, options and help texts are declared here and read by the server's
 * validation (server/invoices/settings.ts) and by the screen. The certificate is not a field: it is uploaded on its
 * own (POST /api/nfse/certificate) and only its subject and expiry are ever answered.
 */
export const NFSE_REGIMES = [
  { value: 'simples_nacional', label: 'Simples Nacional (ME/EPP)' },
  { value: 'mei', label: 'Microempreendedor individual (MEI)' },
  { value: 'normal', label: 'Não optante pelo Simples Nacional' },
] as const;

export const NFSE_ENVIRONMENTS = [
  { value: 'producao_restrita', label: 'Produção restrita (testes, sem valor fiscal)' },
  { value: 'producao', label: 'Produção (notas com valor fiscal)' },
  { value: 'simulacao', label: 'Simulação (demonstração, sem envio)' },
] as const;

/**
 * The education items of the national service code (cTribNac: item, subitem and desdobro of the LC 116 list, six
 * digits), which a course may choose for its invoices instead of the school's (resources/courses.ts).
 */
export const NFSE_SERVICE_CODES = [
  { value: '080101', label: '08.01.01 — Ensino regular pré-escolar, fundamental e médio' },
  { value: '080102', label: '08.01.02 — Ensino regular superior' },
  { value: '080201', label: '08.02.01 — Instrução, treinamento e avaliação (cursos livres, outros)' },
] as const;

export type NfseRegime = (typeof NFSE_REGIMES)[number]['value'];
export type NfseEnvironment = (typeof NFSE_ENVIRONMENTS)[number]['value'];

/** ISS bounds (LC 116, art. 8º e 8º-A): at least 2 %, at most 5 %. */
export const ISS_MIN = 2;
export const ISS_MAX = 5;

export const DEFAULT_DESCRIPTION_TEMPLATE = 'Mensalidade escolar de {aluno}, referente a {mes} (parcela {parcela}).';

/** The placeholders the description may use, with what each becomes. */
export const DESCRIPTION_PLACEHOLDERS = {
  aluno: 'o nome do aluno',
  mes: 'o mês de competência (março de 2026)',
  parcela: 'a parcela (3/12)',
} as const;

export type DescriptionValues = Record<keyof typeof DESCRIPTION_PLACEHOLDERS, string>;

/** The service description of one invoice: every known placeholder replaced, anything else left as written. */
export function renderDescription(template: string, values: DescriptionValues): string {
  return template
    .replace(/\{(aluno|mes|parcela)\}/g, (_, key: keyof DescriptionValues) => values[key])
    .replace(/\s+/g, ' ')
    .trim();
}

/** The placeholders in braces that `renderDescription` would not replace (a typo the office should see). */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]).filter((name) => !(name in DESCRIPTION_PLACEHOLDERS));
}

export const nfseSettingsFields: FieldConfig[] = [
  {
    name: 'cnpj',
    label: 'CNPJ',
    type: 'text',
    maxLength: 18,
    helperText: 'Com ou sem pontuação; aceita o CNPJ alfanumérico.',
  },
  { name: 'inscricao_municipal', label: 'Inscrição municipal', type: 'text', maxLength: 15 },
  {
    name: 'municipio_ibge',
    label: 'Código IBGE do município',
    type: 'digits',
    maxLength: 7,
    helperText: 'Sete dígitos; o de São Paulo é 3550308.',
  },
  { name: 'regime', label: 'Regime tributário', type: 'select', options: [...NFSE_REGIMES] },
  {
    name: 'service_code',
    label: 'Código de tributação nacional',
    type: 'digits',
    maxLength: 6,
    helperText:
      'Seis dígitos do item da LC 116: 080101 (ensino regular) ou 080201 (outros cursos). Um curso pode ter o seu (Cadastros › Cursos).',
  },
  { name: 'iss_rate', label: 'Alíquota do ISS (%)', type: 'text', maxLength: 5, helperText: 'De 2 a 5.' },
  {
    name: 'description_template',
    label: 'Descrição do serviço',
    type: 'textarea',
    maxLength: 1000,
    rows: 3,
    helperText: 'Use {aluno}, {mes} e {parcela}.',
  },
  {
    name: 'issue_on',
    label: 'Emitir a nota',
    type: 'select',
    options: [
      { value: 'payment', label: 'Ao receber o pagamento' },
      { value: 'manual', label: 'Só quando alguém pedir' },
    ],
  },
  {
    name: 'environment',
    label: 'Ambiente',
    type: 'select',
    options: [...NFSE_ENVIRONMENTS],
    helperText: 'Sem ambiente, nenhuma nota é emitida.',
  },
];

/** How many days ahead the certificate's expiry is warned (issue 41). */
export const CERTIFICATE_WARNING_DAYS = 30;

/**
 * The warning the dashboard shows about the A1's expiry, or null while it is more than 30 days away: "Certificado
 * digital vence em N dias" (whole days left, rounded up), or that it expired.
 */
export function certificateWarning(notAfter: string | Date, now: Date = new Date()): string | null {
  const left = new Date(notAfter).getTime() - now.getTime();
  if (left <= 0) return 'Certificado digital vencido: nenhuma nota fiscal pode ser emitida até o novo ser enviado.';
  const days = Math.ceil(left / (24 * 60 * 60 * 1000));
  if (days > CERTIFICATE_WARNING_DAYS) return null;
  return `Certificado digital vence em ${days} ${days === 1 ? 'dia' : 'dias'}`;
}
