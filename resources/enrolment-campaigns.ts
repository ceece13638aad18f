import { defineResource, referenceTo, systemFields, type FieldOption } from './types';

export const CAMPAIGN_KINDS: FieldOption[] = [
  { value: 'rematricula', label: 'Rematrícula', colour: 'primary' },
  { value: 'matricula', label: 'Matrícula de novos alunos', colour: 'secondary' },
];

/** A campaign as people name it: "Rematrícula 2028", "Matrícula 2028" (stored as `name`, written by the server). */
export const campaignName = (kind: string, year: number) =>
  `${kind === 'matricula' ? 'Matrícula' : 'Rematrícula'} ${year}`;

/**
 * Campanhas de matrícula (issue 39): the enrolment season of a school year. Listed and shown by the generic engine;
 * written by server/enrolment/campaigns.ts, which keeps beside each campaign its teams (where each current team leads,
 * with the plan and contract template) and the documents asked, and on screen by the campaign editor (src/enrolment).
 */
export const enrolmentCampaigns = defineResource({
  name: 'enrolment-campaigns',
  apiPath: '/enrolment-campaigns',
  table: 'enrolment_campaigns',
  labels: { singular: 'Campanha de matrícula', plural: 'Campanhas de matrícula', gender: 'f' },
  adminPath: 'campanhas-matricula',
  fields: [
    systemFields.id,
    referenceTo('school-years', 'school_year_id', 'Ano letivo', 'school_year', {
      required: true,
      reference: { resource: 'school-years', embedAs: 'school_year', labelField: 'year' },
      helperText: 'O ano em que as famílias matriculam.',
    }),
    { name: 'kind', label: 'Tipo', type: 'select', required: true, options: CAMPAIGN_KINDS },
    { name: 'opens_on', label: 'Abertura', type: 'date', required: true },
    { name: 'closes_on', label: 'Encerramento', type: 'date', required: true, notBefore: 'opens_on' },
    { name: 'terms', label: 'Termos de aceite', type: 'textarea', maxLength: 20000, rows: 6 },
    // What a reference to the campaign shows (the admissions list): the server writes it from the kind and the year.
    { name: 'name', label: 'Campanha', type: 'text', maxLength: 60, system: true },
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'school_year_id', 'kind', 'opens_on', 'closes_on'],
    phoneColumns: ['school_year_id', 'kind', 'closes_on'],
    defaultSort: { field: 'opens_on', order: 'DESC' },
  },
  searchFields: ['id', 'kind'],
  sortableFields: ['id', 'name', 'school_year_id', 'kind', 'opens_on', 'closes_on', 'created_at'],
  formFields: ['school_year_id', 'kind', 'opens_on', 'closes_on', 'terms'],
  menu: { group: 'Secretaria', icon: 'event', label: 'Campanhas de matrícula' },
  access: { read: 'enrolment.manage', write: 'enrolment.manage' },
  audit: true,
  readOnly: true,
  // The panel, the families and the office's actions under the campaign's page (src/enrolment): a row opens it.
  ui: { editor: 'campaignEditor', createLabel: 'Nova campanha', showPanels: ['campaignPanel'], rowOpensShow: true },
});

/** How far a family got (issue 39's shared vocabulary), in order, with the chip the office sees. */
export const REQUEST_STEPS: FieldOption[] = [
  { value: 'convidado', label: 'Convidado', colour: 'default' },
  { value: 'aberto', label: 'Abriu', colour: 'info' },
  { value: 'dados', label: 'Dados revisados', colour: 'info' },
  { value: 'documentos', label: 'Documentos enviados', colour: 'info' },
  { value: 'plano', label: 'Plano escolhido', colour: 'primary' },
  { value: 'assinado', label: 'Contrato assinado', colour: 'secondary' },
  { value: 'pago', label: 'Pago', colour: 'success' },
];

/** The office's side of a request. */
export const REQUEST_STATUSES: FieldOption[] = [
  { value: 'pendente', label: 'Pendente', colour: 'default' },
  { value: 'enviado', label: 'Enviado à secretaria', colour: 'warning' },
  { value: 'devolvido', label: 'Devolvido', colour: 'error' },
  { value: 'aceito', label: 'Aceito', colour: 'success' },
  { value: 'desistiu', label: 'Desistiu', colour: 'default' },
];

/** Statuses of a family still to act: the ones reminded. */
export const PENDING_STATUSES = ['pendente', 'devolvido'];

/** One line of the campaign's panel: a team's families, counted at each point of the way. */
export interface PanelLine {
  from_team: { id: number; name: string } | null;
  to_team: { id: number; name: string } | null;
  invited: number;
  opened: number;
  confirmed: number;
  signed: number;
  paid: number;
  declined: number;
  accepted: number;
  pending: number;
}

/** One family's request in the campaign's list. */
export interface CampaignRequest {
  id: number;
  student: { id: number; name: string };
  guardian: { id: number; name: string } | null;
  from_team: { id: number; name: string } | null;
  to_team: { id: number; name: string } | null;
  step: string;
  status: string;
  submitted_at: string | null;
  office_note: string | null;
}
