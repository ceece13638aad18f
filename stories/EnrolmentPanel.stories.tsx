import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '@mui/material';
import type { CampaignRequest, PanelLine } from '../resources/enrolment-campaigns';
import { CampaignPanelTable } from '../src/enrolment/CampaignPanelTable';
import { CampaignRequests } from '../src/enrolment/CampaignRequests';
import { withAdmin } from './support';

/** The enrolment season (issue 39), the office's panel of a re-enrolment campaign for 2028 and its families. */
const meta = {
  title: 'Secretaria/Painel da rematrícula',
  component: CampaignPanelTable,
  decorators: [withAdmin()],
} satisfies Meta<typeof CampaignPanelTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const line = (from: string, to: string, id: number, counts: number[]): PanelLine => {
  const [invited, opened, confirmed, signed, paid, accepted, declined, pending] = counts;
  return {
    from_team: { id, name: from },
    to_team: { id: id + 100, name: to },
    invited,
    opened,
    confirmed,
    signed,
    paid,
    accepted,
    declined,
    pending,
  };
};

const lines: PanelLine[] = [
  line('1º ano A 2027', '2º ano A 2028', 1, [28, 24, 6, 12, 10, 8, 1, 13]),
  line('1º ano B 2027', '2º ano B 2028', 2, [26, 19, 4, 9, 9, 5, 2, 15]),
  line('9º ano Manhã 2027', '1ª série EM 2028', 3, [31, 30, 3, 25, 22, 20, 0, 8]),
];

const request = (id: number, student: string, guardian: string, step: string, status: string): CampaignRequest => ({
  id,
  student: { id: 500 + id, name: student },
  guardian: { id: 800 + id, name: guardian },
  from_team: { id: 1, name: '1º ano A 2027' },
  to_team: { id: 101, name: '2º ano A 2028' },
  step,
  status,
  submitted_at: ['enviado', 'aceito', 'devolvido'].includes(status) ? '2027-11-18T13:42:00Z' : null,
  office_note: status === 'devolvido' ? 'O comprovante de residência está ilegível.' : null,
});

const families: CampaignRequest[] = [
  request(1, 'Ana Beatriz Souza Carvalho', 'Mariana Souza Carvalho', 'pago', 'enviado'),
  request(2, 'Bruno Henrique Oliveira', 'José Carlos Oliveira', 'assinado', 'pendente'),
  request(3, 'Carla Mendes Ribeiro', 'Patrícia Mendes', 'documentos', 'devolvido'),
  request(4, 'Davi Lima dos Santos', 'Fernanda Lima', 'convidado', 'pendente'),
  request(5, 'Elisa Rocha Figueiredo', 'Ricardo Figueiredo', 'pago', 'aceito'),
  request(6, 'Fábio Nunes Albuquerque', 'Luciana Nunes', 'aberto', 'desistiu'),
];

export const Painel: Story = {
  args: { lines },
  parameters: { expectText: ['9º ano Manhã 2027 → 1ª série EM 2028', 'Total'] },
};

export const SemConvites: Story = {
  args: { lines: [] },
  parameters: { expectText: 'Nenhuma família convidada ainda: use "Convidar famílias".' },
};

export const Familias: Story = {
  args: { lines },
  parameters: { expectText: ['Carla Mendes Ribeiro', 'Patrícia Mendes', 'Etapa', 'Situação'] },
  render: (args) => (
    <Stack spacing={2}>
      <CampaignPanelTable lines={args.lines} />
      <CampaignRequests rows={families} onAccept={() => {}} onReturn={() => {}} />
    </Stack>
  ),
};
