import type { ComponentType } from 'react';
import { TeachersTab } from './TeachersTab';

/** The team's record tabs after the form: PROFESSORES (see src/resources/RecordTabs.tsx). */
export const TEAM_TABS: { label: string; Panel: ComponentType<{ record: { id: number | string } }> }[] = [
  { label: 'Professores', Panel: ({ record }) => <TeachersTab teamId={Number(record.id)} /> },
];
