import type { ComponentType } from 'react';
import { ResultsTab } from '../results/ResultsTab';
import { PublicationsTab } from './PublicationsTab';
import { TeachersTab } from './TeachersTab';

/**
 * The team's record tabs after the form: PROFESSORES, PUBLICAÇÃO DE NOTAS, RESULTADO FINAL (see
 * src/resources/RecordTabs.tsx).
 */
export const TEAM_TABS: { label: string; Panel: ComponentType<{ record: { id: number | string } }> }[] = [
  { label: 'Professores', Panel: ({ record }) => <TeachersTab teamId={Number(record.id)} /> },
  { label: 'Publicação de notas', Panel: ({ record }) => <PublicationsTab teamId={Number(record.id)} /> },
  { label: 'Resultado final', Panel: ({ record }) => <ResultsTab teamId={Number(record.id)} /> },
];
