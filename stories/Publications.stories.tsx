import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { NotificationSettings, notificationsForm } from '../src/school/NotificationSettings';
import { PublicationsPanel } from '../src/teams/PublicationsTab';
import { AdminStory } from './support';
import { TEAM_STAGES } from './support/publications';

/** Tab PUBLICAÇÃO DE NOTAS of a team, and the families' e-mail switches of Configurações da escola (issue 26). */
const meta: Meta<typeof PublicationsPanel> = {
  title: 'Turmas/Publicação de notas',
  component: PublicationsPanel,
  decorators: [
    (Story) => (
      <AdminStory titleBar={false} resource="turmas">
        <Story />
      </AdminStory>
    ),
  ],
  args: { stages: TEAM_STAGES, canWrite: true, onPublish: fn(), onWithdraw: fn() },
};
export default meta;
type Story = StoryObj<typeof PublicationsPanel>;

/** The secretary's view: publish the 3rd bimester, or withdraw a published one. */
export const Office: Story = {
  parameters: {
    expectText: ['Publicadas em 30/04/2026 15:20 por Cláudia Ribeiro', 'Não publicadas · faltam 168 notas de 168'],
  },
};

/** About to publish the 3rd bimester with grades missing: the dialog says how many, and where, first. */
export const MissingGrades: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('button', { name: 'Publicar notas' });
    await userEvent.click(items[0]);
  },
  parameters: {
    expectText: [
      'Não publicadas · faltam 19 notas de 168',
      'Faltam 19 notas de 168 em 3º bimestre (14 alunos sem todas as notas; Física: 14, Língua Portuguesa: 5). As famílias verão no portal só as notas já lançadas.',
      'Publicar mesmo assim',
    ],
  },
};

/** Direção reads the state without the buttons. */
export const ReadOnly: Story = {
  args: { canWrite: false },
  parameters: { expectText: ['2º bimestre', 'Publicadas em 03/07/2026 11:05 por Cláudia Ribeiro'] },
};

/** The school's switches: the due-date reminder three days before, the overdue notice off. */
export const FamilyEmails: Story = {
  render: () => (
    <NotificationSettings
      value={notificationsForm({
        grades: true,
        documents: true,
        charge_due: true,
        charge_due_days: 3,
        charge_overdue: false,
        charge_overdue_days: 1,
      })}
      onChange={fn()}
      errors={{}}
    />
  ),
  parameters: { expectText: ['Avisos por e-mail às famílias', 'Avisar quantos dias depois do vencimento'] },
};
