import type { RecordTab } from '../resources/extras';
import { SchoolCalendarTab } from './SchoolCalendar';

/** A school year's record tabs after the form: CALENDÁRIO (see src/resources/RecordTabs.tsx). */
export const SCHOOL_YEAR_TABS: RecordTab[] = [
  { label: 'Calendário', wide: true, Panel: ({ record }) => <SchoolCalendarTab record={record} /> },
];
