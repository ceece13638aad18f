import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { nationalHolidays } from '../server/school-year/holidays';
import { schoolDays } from '../server/school-year/school-days';
import type { CalendarDay } from '../src/school-year/calendarTypes';
import { SchoolCalendarPanel } from '../src/school-year/SchoolCalendar';
import { AdminStory } from './support';

/** 2027 at a school in Belém: the national days, the city's and the state's, two school Saturdays, the bimesters. */
const YEAR = { id: 2, year: 2027, start_date: '2027-02-01', end_date: '2027-12-17' };
const DAYS: CalendarDay[] = [
  ...nationalHolidays(2027),
  { date: '2027-08-15', kind: 'feriado', description: 'Adesão do Pará' },
  { date: '2027-10-11', kind: 'recesso', description: 'Círio de Nazaré' },
  { date: '2027-10-15', kind: 'recesso', description: 'Dia do Professor' },
  { date: '2027-12-08', kind: 'feriado', description: 'Nossa Senhora da Conceição' },
  { date: '2027-04-10', kind: 'letivo', description: 'Reposição do Carnaval' },
  { date: '2027-09-18', kind: 'letivo', description: 'Feira de Ciências' },
  { date: '2027-06-25', kind: 'evento', description: 'Festa junina' },
  { date: '2027-03-20', kind: 'evento', description: 'Reunião de pais' },
].sort((a, b) => a.date.localeCompare(b.date)) as CalendarDay[];
const STAGES = [
  { stage_id: 1, stage: 1, start_date: '2027-02-01', end_date: '2027-04-16' },
  { stage_id: 2, stage: 2, start_date: '2027-04-19', end_date: '2027-07-02' },
  { stage_id: 3, stage: 3, start_date: '2027-08-02', end_date: '2027-10-01' },
  { stage_id: 4, stage: 4, start_date: '2027-10-04', end_date: '2027-12-17' },
];
const OPTIONS = [1, 2, 3, 4].map((n) => ({ id: n, stage: n, description: `${n}º bimestre` }));

const meta: Meta<typeof SchoolCalendarPanel> = {
  title: 'Anos letivos/Calendário',
  component: SchoolCalendarPanel,
  decorators: [
    (Story) => (
      <AdminStory titleBar={false} resource="anos-letivos">
        <Story />
      </AdminStory>
    ),
  ],
  args: {
    year: YEAR,
    calendar: { stages: STAGES, days: DAYS, school_days: schoolDays(YEAR.start_date, YEAR.end_date, DAYS) },
    stageOptions: OPTIONS,
    canWrite: true,
    onSave: fn(async () => true),
  },
};
export default meta;
type Story = StoryObj<typeof SchoolCalendarPanel>;

/** The secretary's 2027: Carnaval and Tiradentes computed, Belém's days added, the count in the corner. */
export const Office: Story = {
  parameters: { expectText: ['Calendário de 2027', 'dias letivos', 'F · Feriado', '3º bimestre'] },
};

/** A day picked: its kind and description in the dialog. */
export const DayPicked: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^24 de junho/ }));
  },
  parameters: { expectText: ['24/06/2027', 'Tipo do dia', 'Salvar dia'] },
};

/** Direção reads the calendar without changing it. */
export const ReadOnly: Story = {
  args: { canWrite: false },
  parameters: { expectText: ['Calendário de 2027'] },
};
