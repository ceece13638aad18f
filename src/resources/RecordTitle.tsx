import { useRecordContext } from 'react-admin';
import type { ResourceConfig } from '../../resources';

/** The field that names a record to people (`recordRepresentation`): its name when it has one. */
export function representationField(config: ResourceConfig): string {
  return config.fields.some((f) => f.name === 'name') ? 'name' : 'id';
}

/** 'Aluno: José Antônio da Silva Brandão', or 'Aluno nº 40' for a record without a name. */
export function recordTitle(
  config: ResourceConfig,
  record: Record<string, unknown> | undefined,
  prefix = config.labels.singular,
): string {
  if (!record) return prefix;
  const field = representationField(config);
  const value = record[field];
  if (field === 'id' || value === null || value === undefined || value === '')
    return `${prefix} nº ${String(record.id)}`;
  return `${prefix}: ${String(value)}`;
}

/** The page title of a record's screen, in the app bar. */
export function RecordTitle({ config, prefix }: { config: ResourceConfig; prefix?: string }) {
  const record = useRecordContext();
  return <span>{recordTitle(config, record, prefix)}</span>;
}
