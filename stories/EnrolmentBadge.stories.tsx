import { Stack } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EnrolmentBadge } from '../src/resources/cells';

/** Enrolled students of a team: green up to 25, orange above 25, red above 50 (spec §9). */
const meta = {
  title: 'Turmas/Matriculados',
  component: EnrolmentBadge,
  args: { count: 12 },
} satisfies Meta<typeof EnrolmentBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UpTo25: Story = { args: { count: 25 }, parameters: { expectText: '25' } };
export const Above25: Story = { args: { count: 26 }, parameters: { expectText: '26' } };
export const Above50: Story = { args: { count: 51 }, parameters: { expectText: '51' } };

/** The three colours side by side. */
export const AllColours: Story = {
  render: () => (
    <Stack direction="row" spacing={1}>
      <EnrolmentBadge count={0} />
      <EnrolmentBadge count={25} />
      <EnrolmentBadge count={26} />
      <EnrolmentBadge count={50} />
      <EnrolmentBadge count={51} />
    </Stack>
  ),
  parameters: { expectText: ['25', '26', '50', '51'] },
};
