/** Issued documents as server and client name them: type names, and the certificate's rules (spec §5, §9). */

/** What a person reads for each document type (the public page, the student's DOCUMENTOS tab). */
export const DOCUMENT_TYPE_NAMES: Record<string, string> = {
  HISTORY: 'Histórico escolar',
  HISTORIC: 'Histórico escolar',
  CERTIFICATE: 'Certificado',
  CONTRACT: 'Contrato',
  DECLARATION: 'Declaração de matrícula',
  COMPLETION: 'Atestado de conclusão de curso',
  TRANSFER: 'Declaração de transferência',
  NFSE: 'Nota fiscal de serviço (DANFSe)',
};

export const documentTypeName = (type: string): string => DOCUMENT_TYPE_NAMES[type] ?? type;

/**
 * The types a school history is stored under: ours, and the original client's word for it, kept as the client
 * sent it (its pages look for that type in the student's documents).
 */
export const HISTORY_TYPES = ['HISTORY', 'HISTORIC'] as const;

/**
 * Every issued document dates itself "<cidade>, <data>": a fresh install has no city, and issuing is refused with
 * this until Administração gives it (the first sign-in asks for it).
 */
export const CITY_MISSING =
  'A cidade da escola não foi informada: informe-a em Administração › Configurações da escola para emitir documentos.';

export const CHOOSE_TEXT_AND_REGISTRATION = 'Você não selecionou um texto ou a matrícula para gerar o certificado.';
export const INVALID_REGISTRATION_NUMBER = 'Informe o número da matrícula com até 6 dígitos (por exemplo, 000012).';

/**
 * The enrolment a typed registration number names ('000012' or '12' → 12); undefined when it is not one.
 * The number is the enrolment's id padded to six digits, so nothing else needs looking up.
 */
export function registrationIdOfNumber(typed: string): number | undefined {
  const text = typed.trim();
  if (!/^\d{1,6}$/.test(text) || Number(text) === 0) return undefined;
  return Number(text);
}
