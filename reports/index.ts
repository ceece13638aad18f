import type { FileReport, ReportDef, ReportField } from './types';

/**
 * Every report of the admin (spec §1 reports/…, §6 Report forms, §7 Reports), in the dashboard's order.
 * The server's routes, the dashboard cards, the 'Relatórios' menu and the form screens all come from here.
 */

const team: ReportField = { name: 'team_id', label: 'Turma', kind: 'team', required: true };
const student: ReportField = { name: 'student', label: 'Aluno', kind: 'student', required: true };
const studentTeam: ReportField = {
  name: 'team',
  label: 'Turma',
  kind: 'studentTeam',
  dependsOn: 'student',
  required: true,
};
const teamPath: ReportField = { ...team, name: 'team' };

/** The file of an `xlsx|pdf` report. */
const typePrint: ReportField = {
  name: 'type_print',
  label: 'Formato',
  kind: 'choice',
  choices: [
    { id: 'xlsx', name: 'Planilha (XLSX)' },
    { id: 'pdf', name: 'PDF' },
  ],
  default: 'xlsx',
};

/** Personal fields of a student (resources/students.ts) that reports print: who they are, where they live. */
const IDENTITY = ['cpf', 'rg', 'expedient_body', 'birth_date', 'name_mother'];
const ADDRESS = ['cep', 'street', 'number', 'neighborhood', 'city', 'uf'];

const SELECT_TEAM = 'Por favor, selecione uma turma.';
const SELECT_ALL = 'Por favor, selecione todos os campos.';

/** `_field_order` choices (spec §3 Financial report filter): the only orders the server accepts. */
export const FINANCIAL_ORDERS = [
  { id: 'f.created_at', name: 'Data de criação' },
  { id: 'f.due_date', name: 'Data de vencimento' },
  { id: 'f.pay_day', name: 'Data de pagamento' },
  { id: 'f.updated_at', name: 'Data de atualização' },
  { id: 's.id', name: 'Código do aluno' },
  { id: 'f.id', name: 'Código do financeiro' },
  { id: 'r.id', name: 'Matrícula' },
  { id: 's.name', name: 'Nome do aluno' },
  { id: 'f.quota', name: 'Parcela' },
  { id: 'f.value_cents', name: 'Valor' },
];

const financialFilter: FileReport = {
  kind: 'file',
  key: 'financial-with-filter',
  access: 'reports.financial',
  reach: { team: 'teams', student_id: 'students' },
  scope: 'reach',
  personal: [],
  path: 'relatorio-financeiro-com-filtro',
  title: 'Relatório financeiro com filtro',
  icon: 'money',
  api: '/exports/report-financial-with-filter',
  format: 'xlsx|pdf',
  fileName: 'relatorio_financeiro',
  requiredMessage: SELECT_ALL,
  failureMessage: 'Não foi possível gerar o arquivo. Verifique os logs.',
  fields: [
    { name: 'team', label: 'Turmas', kind: 'teams' },
    { name: 'payment_type_id', label: 'Formas de pagamento', kind: 'lookups', lookup: 'payment-types' },
    { name: 'start_date', label: 'Vencimento de', kind: 'date' },
    { name: 'end_date', label: 'Vencimento até', kind: 'date' },
    { name: 'registration_id', label: 'Matrícula', kind: 'integer', min: 1 },
    { name: 'student_id', label: 'Aluno', kind: 'student' },
    { name: 'student_name', label: 'Nome do aluno contém', kind: 'text' },
    { name: 'quota', label: 'Parcela', kind: 'integer', min: 1 },
    { name: 'initial_value', label: 'Valor de', kind: 'money' },
    { name: 'final_value', label: 'Valor até', kind: 'money' },
    {
      name: 'paid',
      label: 'Situação',
      kind: 'choice',
      choices: [
        { id: '1', name: 'Pago' },
        { id: '0', name: 'Em aberto' },
      ],
    },
    { name: 'observations', label: 'Observações contêm', kind: 'text' },
    { name: 'financial_observation', label: 'Observação financeira contém', kind: 'text' },
    { name: 'service_type_id', label: 'Tipo de serviço', kind: 'lookup', lookup: 'service-types' },
    { name: 'start_created_at', label: 'Criado de', kind: 'date' },
    { name: 'end_created_at', label: 'Criado até', kind: 'date' },
    { name: 'user_id', label: 'Criado por', kind: 'lookup', lookup: 'users/names' },
    { name: 'start_pay_day', label: 'Pago de', kind: 'date' },
    { name: 'end_pay_day', label: 'Pago até', kind: 'date' },
    { name: 'updated_user_id', label: 'Atualizado por', kind: 'lookup', lookup: 'users/names' },
    { name: 'paid_by_user_id', label: 'Recebido por', kind: 'lookup', lookup: 'users/names' },
    { name: '_field_order', label: 'Ordenar por', kind: 'choice', choices: FINANCIAL_ORDERS, default: 'f.id' },
    {
      name: '_direction',
      label: 'Direção',
      kind: 'choice',
      choices: [
        { id: 'desc', name: 'Decrescente' },
        { id: 'asc', name: 'Crescente' },
      ],
      default: 'desc',
    },
    typePrint,
  ],
};

export const REPORTS: ReportDef[] = [
  {
    kind: 'table',
    key: 'general',
    access: 'reports.general',
    // The whole school's enrolments, a teacher's own teams only; its search never finds a row by a personal field
    // the caller may not see (CPF, e-mail).
    reach: {},
    scope: 'reach',
    personal: [],
    path: 'general-report-of-students',
    title: 'Geral',
    icon: 'assessment',
    api: '/reports/general-report-of-students',
  },
  {
    kind: 'file',
    key: 'class-diary',
    access: 'reports.general',
    reach: { team_id: 'teams' },
    scope: 'named',
    personal: [],
    path: 'diario-de-classe',
    title: 'Diário de classe',
    icon: 'book',
    api: '/exports/class-diary',
    format: 'xlsx|pdf',
    fileName: 'diario_de_classe',
    fields: [
      team,
      { name: 'discipline_id', label: 'Disciplina', kind: 'lookup', lookup: 'disciplines' },
      { name: 'stage', label: 'Etapa (número)', kind: 'integer', min: 1, max: 20 },
      typePrint,
    ],
    requiredMessage: SELECT_TEAM,
  },
  {
    kind: 'file',
    key: 'financial-by-team',
    access: 'reports.financial',
    reach: { team: 'teams' },
    scope: 'named',
    personal: [],
    path: 'relatorio-financeiro-por-turma',
    title: 'Relatório financeiro por turma',
    icon: 'money',
    api: '/exports/report-financial-by-team/{team}',
    format: 'xlsx',
    fileName: 'relatorio_financeiro_por_turma',
    fields: [teamPath],
    requiredMessage: SELECT_TEAM,
  },
  {
    kind: 'file',
    key: 'students-per-class',
    access: 'reports.general',
    reach: { team_id: 'teams' },
    scope: 'named',
    personal: [],
    path: 'alunos-por-turma',
    title: 'Alunos por turma',
    icon: 'groups',
    api: '/exports/students-per-class',
    format: 'xlsx',
    fileName: 'alunos_por_turma',
    requiredMessage: SELECT_TEAM,
    fields: [team, { name: 'extra_lines', label: 'Linhas extras', kind: 'integer', min: 0, max: 200, default: 1 }],
  },
  {
    kind: 'file',
    key: 'student-data-by-class',
    access: 'reports.general',
    reach: { team: 'teams' },
    scope: 'named',
    personal: [...IDENTITY, 'gender', 'nationality', 'naturalness', 'email', 'phone', ...ADDRESS],
    path: 'alunos-dados-completos-por-turma',
    title: 'Dados completos dos alunos por turma',
    icon: 'people',
    api: '/exports/report-of-student-data-by-class/{team}',
    format: 'xlsx',
    fileName: 'dados_completos_dos_alunos',
    fields: [teamPath],
    requiredMessage: SELECT_TEAM,
  },
  {
    kind: 'file',
    key: 'certificate-of-completion',
    access: 'reports.general',
    reach: { student: 'students', team: 'teams' },
    scope: 'named',
    personal: ['cpf', 'birth_date'],
    path: 'atestado-de-conclusao-de-curso',
    title: 'Atestado de conclusão de curso',
    icon: 'school',
    api: '/exports/certificate-of-completion/{student}/team/{team}',
    format: 'pdf',
    fileName: 'atestado_de_conclusao',
    fields: [student, studentTeam],
    requiredMessage: SELECT_ALL,
    confirmable: true,
  },
  {
    kind: 'file',
    key: 'registration-statement',
    access: 'reports.general',
    reach: { student: 'students', team: 'teams' },
    scope: 'named',
    personal: ['cpf', 'birth_date'],
    path: 'declaracao-de-matricula',
    title: 'Declaração de matrícula',
    icon: 'description',
    api: '/exports/registration-statement/{student}/team/{team}',
    format: 'pdf',
    fileName: 'declaracao_de_matricula',
    fields: [student, studentTeam],
    requiredMessage: SELECT_ALL,
  },
  {
    kind: 'file',
    key: 'report-card',
    access: 'reports.general',
    reach: { student: 'students', team: 'teams' },
    scope: 'named',
    personal: [],
    path: 'boletim-do-aluno',
    title: 'Boletim do aluno',
    icon: 'assessment',
    api: '/exports/student-report-card/{student}/team/{team}',
    // The original client asks without a format and saves an .xlsx (issue 34): the spreadsheet is the path's
    // answer; this form starts on the PDF and says so.
    format: 'xlsx|pdf',
    fileName: 'boletim_do_aluno',
    fields: [student, studentTeam, { ...typePrint, formDefault: 'pdf' }],
    requiredMessage: SELECT_ALL,
    precheck: true,
  },
  {
    kind: 'file',
    key: 'transfer',
    access: 'reports.financial',
    reach: { team: 'teams' },
    scope: 'named',
    personal: [],
    path: 'relatorio-de-repasse',
    title: 'Relatório de repasse',
    icon: 'money',
    api: '/exports/transfer-report/{team}/start_date/{start_date}/end_date/{end_date}',
    format: 'xlsx',
    fileName: 'relatorio_de_repasse',
    precheck: true,
    requiredMessage: 'Por favor, selecione a turma, a data inicial e a data final.',
    fields: [
      teamPath,
      { name: 'start_date', label: 'Data inicial', kind: 'date', required: true },
      { name: 'end_date', label: 'Data final', kind: 'date', required: true },
    ],
  },
  {
    kind: 'file',
    key: 'annual-performance',
    access: 'reports.general',
    reach: { team: 'teams' },
    scope: 'named',
    personal: [],
    path: 'relatorio-de-desempenho-anual',
    title: 'Relatório de desempenho anual',
    icon: 'assessment',
    api: '/exports/annual-performance-report/{team}',
    format: 'xlsx',
    fileName: 'relatorio_de_desempenho_anual',
    fields: [teamPath],
    requiredMessage: SELECT_TEAM,
  },
  {
    kind: 'file',
    key: 'defaulters',
    access: 'reports.financial',
    // Without a team: every team (a teacher's own only).
    reach: { team: 'teams' },
    scope: 'reach',
    personal: ['phone', 'email'],
    path: 'inadimplentes',
    title: 'Relatório de inadimplentes',
    icon: 'money',
    api: '/exports/defaulters',
    format: 'pdf',
    fileName: 'inadimplentes',
    requiredMessage: SELECT_ALL,
    fields: [
      { name: 'team', label: 'Turma', kind: 'team' },
      // Without dates, every overdue charge (the report lists only charges already due and unpaid).
      { name: 'start_date', label: 'Vencimento de', kind: 'date' },
      { name: 'end_date', label: 'Vencimento até', kind: 'date' },
    ],
  },
  {
    // The contract's route and builder live in server/contracts (it is stored per enrolment); the registry
    // gives it its form, card and menu entry.
    kind: 'file',
    key: 'contract',
    access: 'students.write',
    reach: { student: 'students', team: 'teams' },
    scope: 'named',
    // Its route (server/contracts) asks `students.write` and prints what the chosen template names.
    personal: [...IDENTITY, ...ADDRESS],
    path: 'gerar-contrato',
    title: 'Gerar contrato',
    icon: 'description',
    api: '/exports/student-contract/{student}/{team}',
    format: 'pdf',
    fileName: 'contrato',
    fields: [student, studentTeam],
    requiredMessage: SELECT_ALL,
    issued: true,
  },
  financialFilter,
  {
    // Issue 25: the students a school must call (LDB art. 24, VI); the families' contacts only for the roles
    // that see personal data (the server leaves the columns out otherwise).
    kind: 'file',
    key: 'low-attendance',
    access: 'reports.general',
    reach: { team_id: 'teams' },
    scope: 'reach',
    personal: ['name_mother', 'phone', 'email'],
    path: 'alunos-com-baixa-frequencia',
    title: 'Alunos com baixa frequência',
    icon: 'groups',
    api: '/exports/low-attendance',
    format: 'xlsx',
    fileName: 'alunos_com_baixa_frequencia',
    requiredMessage: SELECT_ALL,
    fields: [
      // Without a team: every team (a teacher's own only).
      { name: 'team_id', label: 'Turma', kind: 'team' },
      { name: 'frequency', label: 'Frequência abaixo de (%)', kind: 'integer', min: 0, max: 100, default: 75 },
    ],
  },
  {
    // Issue 38: entries, transfers, abandonments, deaths and completions per team over a period, the numbers the
    // Censo Escolar and the secretarias de educação ask for.
    kind: 'file',
    key: 'movements',
    access: 'reports.general',
    reach: { team_id: 'teams' },
    scope: 'reach',
    personal: [],
    path: 'movimento-de-alunos',
    title: 'Movimento de alunos',
    icon: 'groups',
    api: '/exports/student-movements',
    format: 'xlsx|pdf',
    fileName: 'movimento_de_alunos',
    requiredMessage: 'Por favor, selecione a data inicial e a data final.',
    fields: [
      { name: 'start_date', label: 'Data inicial', kind: 'date', required: true },
      { name: 'end_date', label: 'Data final', kind: 'date', required: true },
      // Without a team: every team (a teacher's own only).
      { name: 'team_id', label: 'Turma', kind: 'team' },
      typePrint,
    ],
  },
  {
    // Issue 25: what the Sistema Presença asks every two months, one month per file.
    kind: 'file',
    key: 'bolsa-familia',
    access: 'reports.general',
    reach: { team_id: 'teams' },
    scope: 'reach',
    personal: ['cpf'],
    path: 'frequencia-bolsa-familia',
    title: 'Frequência para o Bolsa Família',
    icon: 'assessment',
    api: '/exports/bolsa-familia',
    format: 'csv',
    fileName: 'frequencia_bolsa_familia',
    requiredMessage: SELECT_ALL,
    fields: [
      // Without a month: the last one.
      { name: 'month', label: 'Mês', kind: 'month' },
      { name: 'team_id', label: 'Turma', kind: 'team' },
    ],
  },
];

export const fileReports = REPORTS.filter((r): r is FileReport => r.kind === 'file');

export function reportByPath(path: string): ReportDef | undefined {
  return REPORTS.find((r) => r.path === path);
}
