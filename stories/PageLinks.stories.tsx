import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PageLinks } from '../src/resources/PageLinks';
import { withAdmin } from './support';

/** The list pagination: first / previous, up to ten page links, next / last. `page` is 0-based. */
const meta = {
  title: 'Listas/PageLinks',
  component: PageLinks,
  args: { rowsPerPage: 10, onPageChange: fn() },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof PageLinks>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Page 1 of 3: first and previous disabled. */
export const FirstOfThree: Story = {
  args: { page: 0, count: 30 },
  parameters: { expectText: ['1', '2', '3'] },
};

/** Page 15 of 40: a window of ten links around the current page (11 … 20). */
export const FifteenOfForty: Story = {
  args: { page: 14, count: 400 },
  parameters: { expectText: ['11', '15', '20'] },
};
