import { Labeled, Show, SimpleShowLayout, useRecordContext } from 'react-admin';
import type { ResourceConfig } from '../../resources';
import { cellText } from './cells';

function Values({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      {config.fields
        .filter((f) => f.type !== 'password')
        .map((field) => (
          <Labeled key={field.name} label={field.label}>
            <span>{cellText({ ...field, truncateInList: undefined }, record) || '—'}</span>
          </Labeled>
        ))}
    </>
  );
}

/** Read-only view of a record, generated from the config. */
export function ResourceShow({ config }: { config: ResourceConfig }) {
  return (
    <Show title={config.labels.singular}>
      <SimpleShowLayout>
        <Values config={config} />
      </SimpleShowLayout>
    </Show>
  );
}
