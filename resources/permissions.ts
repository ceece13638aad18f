/**
 * The permission catalogue (issue 24): every key a role may hold, with the pt-BR text the Perfis screen shows
 * and the 403 names ("Você não tem permissão para <label em minúsculas>."). Plain data, so that the server
 * (the guard, GET /permissions) and the client (canAccess, the Perfis screen) read the same list.
 */
export interface Permission {
  key: string;
  /** A verb phrase: it also completes the 403's sentence. */
  label: string;
  group: string;
}

export const PERMISSIONS: Permission[] = [
  { key: 'students.read', label: 'Ver alunos, matrículas e documentos', group: 'Alunos' },
  { key: 'students.write', label: 'Cadastrar e alterar alunos, matrículas, livros e documentos', group: 'Alunos' },
  {
    key: 'students.personal',
    label: 'Ver os dados pessoais dos alunos (CPF, RG, endereço, contatos, responsáveis)',
    group: 'Alunos',
  },
  { key: 'students.access_log', label: 'Ver o registro de acessos aos dados dos alunos', group: 'Alunos' },
  { key: 'teams.read', label: 'Ver turmas', group: 'Turmas' },
  { key: 'teams.write', label: 'Cadastrar e alterar turmas e seus professores', group: 'Turmas' },
  { key: 'grades.write', label: 'Lançar notas', group: 'Turmas' },
  // Issue 38: the class council's decisions (with grades.write, on the results' PUT) and closing a team.
  {
    key: 'results.manage',
    label: 'Registrar as decisões do conselho de classe e encerrar turmas',
    group: 'Turmas',
  },
  { key: 'teams.reopen', label: 'Reabrir turmas encerradas', group: 'Turmas' },
  // Issue 39: the enrolment season's campaigns, their panel, reminders and the office's review of each family.
  {
    key: 'enrolment.manage',
    label: 'Gerenciar as campanhas de rematrícula e matrícula e revisar os pedidos das famílias',
    group: 'Alunos',
  },
  { key: 'master.read', label: 'Ver cadastros básicos (cursos, disciplinas, grades…)', group: 'Cadastros básicos' },
  { key: 'master.write', label: 'Alterar cadastros básicos', group: 'Cadastros básicos' },
  { key: 'finance.read', label: 'Ver cobranças, pagamentos e recibos', group: 'Financeiro' },
  { key: 'finance.write', label: 'Lançar e alterar cobranças, pagamentos e seus tipos', group: 'Financeiro' },
  // Issue 41: the NFS-e of the tuition received — issue by hand, resubmit a rejected one, cancel, the clerk's list.
  {
    key: 'invoices.manage',
    label: 'Emitir, reenviar e cancelar notas fiscais de serviço (NFS-e)',
    group: 'Financeiro',
  },
  { key: 'reports.general', label: 'Emitir os relatórios gerais', group: 'Relatórios' },
  { key: 'reports.financial', label: 'Emitir os relatórios financeiros', group: 'Relatórios' },
  { key: 'users.manage', label: 'Gerenciar usuários e perfis', group: 'Administração' },
  { key: 'settings.manage', label: 'Alterar as configurações da escola', group: 'Administração' },
  // Issue 40: the Censo Escolar's check, its files for INEP and INEP's return file.
  {
    key: 'census.manage',
    label: 'Conferir e exportar o Censo Escolar e importar o retorno do INEP',
    group: 'Administração',
  },
  {
    key: 'imports.run',
    label: 'Importar planilhas de alunos, turmas, matrículas, cobranças e notas',
    group: 'Administração',
  },
];

export const PERMISSION_KEYS = PERMISSIONS.map((p) => p.key);

/** Any signed-in user, whatever the role: a route's `access` when it needs no permission. */
export const SIGNED_IN = 'signed-in';

const all = PERMISSION_KEYS;
const reads = all.filter((k) => k.endsWith('.read'));

/**
 * The built-in roles: fixed keys (code and tests name them), names an office may change. Their permissions
 * are where a new install starts; Administração may change them later (never `administracao`'s key).
 */
export const BUILTIN_ROLES: { key: string; name: string; permissions: string[] }[] = [
  { key: 'administracao', name: 'Administração', permissions: all },
  {
    key: 'direcao',
    name: 'Direção',
    permissions: [...reads, 'students.personal', 'reports.general', 'reports.financial'],
  },
  {
    key: 'secretaria',
    name: 'Secretaria',
    permissions: [
      'students.read',
      'students.write',
      'students.personal',
      'teams.read',
      'teams.write',
      'grades.write',
      'results.manage',
      'enrolment.manage',
      'census.manage',
      'master.read',
      'master.write',
      'finance.read',
      'reports.general',
    ],
  },
  {
    key: 'financeiro',
    name: 'Financeiro',
    permissions: [
      'students.read',
      'students.personal',
      'teams.read',
      'master.read',
      'finance.read',
      'finance.write',
      'invoices.manage',
      'reports.financial',
    ],
  },
  // Their own classes only: the scoping to the teams they teach comes with the teachers' assignments.
  { key: 'professor', name: 'Professor', permissions: ['students.read', 'teams.read', 'grades.write', 'master.read'] },
];

export const ADMIN_ROLE = 'administracao';

/** The role confined to the teams its users teach (server/teams/reach.ts), and to their disciplines' grades. */
export const TEACHER_ROLE = 'professor';

/** Without it, the fields marked `personal` (resources/students.ts) are left out of every answer and screen. */
export const PERSONAL_DATA = 'students.personal';

/** The 403's text for a key of the catalogue. */
export function forbiddenMessage(key: string): string {
  const label = PERMISSIONS.find((p) => p.key === key)?.label ?? 'acessar este recurso';
  return `Você não tem permissão para ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;
}
