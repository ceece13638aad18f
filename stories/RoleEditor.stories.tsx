import type { Meta, StoryObj } from '@storybook/react-vite';
import { PERMISSIONS } from '../resources/permissions';
import { RoleCreate, RoleEdit } from '../src/roles/RoleEditor';
import { ADMIN_BASENAME, withAdmin } from './support';

/** The school's roles: the five that come with the system and one the office made. */
const ROLES = [
  {
    id: 1,
    key: 'administracao',
    name: 'Administração',
    builtin: true,
    users_count: 2,
    permissions: PERMISSIONS.map((p) => p.key),
    created_at: '2026-02-02T11:00:00.000Z',
  },
  {
    id: 5,
    key: 'professor',
    name: 'Professor',
    builtin: true,
    users_count: 14,
    permissions: ['students.read', 'teams.read', 'grades.write', 'master.read'],
    created_at: '2026-02-02T11:00:00.000Z',
  },
  {
    id: 6,
    key: 'coordenacao_pedagogica',
    name: 'Coordenação pedagógica',
    builtin: false,
    users_count: 1,
    permissions: ['students.read', 'students.personal', 'teams.read', 'reports.general'],
    created_at: '2026-03-09T13:25:00.000Z',
  },
];

/** The screen at its address, as the app mounts it (react-admin's Edit reads the id from the route). */
const at = (path: string, route = path) =>
  withAdmin({
    resource: 'perfis',
    data: { perfis: ROLES },
    path: `${ADMIN_BASENAME}${path}`,
    route: `${ADMIN_BASENAME}${route}`,
  });

/** Perfis: a role's name, its key and its permissions as checkboxes in the catalogue's groups. */
const meta = {
  title: 'Administração/Perfis',
  component: RoleEdit,
  args: { catalogue: PERMISSIONS },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoleEdit>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A role the school made: the coordination reads students, their personal data, classes and reports. */
export const CoordenacaoPedagogica: Story = {
  decorators: [at('/perfis/6/editar', '/perfis/:id/editar')],
  parameters: {
    expectText: [
      'Editar perfil: Coordenação pedagógica',
      'Permissões',
      'Cadastros básicos',
      'Ver os dados pessoais dos alunos (CPF, RG, endereço, contatos, responsáveis)',
      'A chave não muda depois que o perfil é criado.',
    ],
    expectValue: ['Coordenação pedagógica', 'coordenacao_pedagogica'],
  },
};

/** Administração keeps the management of users and roles: that box cannot be cleared. */
export const Administracao: Story = {
  decorators: [at('/perfis/1/editar', '/perfis/:id/editar')],
  parameters: {
    expectText: [
      'Editar perfil: Administração',
      'A chave de um perfil padrão não pode ser alterada.',
      'O perfil Administração precisa manter a permissão de gerenciar usuários e perfis.',
    ],
  },
};

/** Registrar perfil: nothing ticked; the key is made from the name when left blank. */
export const NovoPerfil: Story = {
  render: (args) => <RoleCreate {...args} />,
  decorators: [at('/perfis/registrar')],
  parameters: {
    expectText: [
      'Registrar perfil',
      'Letras minúsculas sem acento, números ou _. Em branco, é criada a partir do nome.',
    ],
  },
};
