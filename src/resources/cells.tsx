import { Chip, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { FunctionField, type RaRecord } from 'react-admin';
import type { FieldConfig } from '../../resources';
import type { CellName } from '../../resources/types';
import { applyMask } from '../../resources/text';
import { formatDate, formatDateTime, truncate, upper } from '../format';

/** Enrolment badge colours (spec §9): green up to 25, orange above 25, red above 50. */
export function enrolmentColour(count: number): 'success' | 'warning' | 'error' {
  if (count > 50) return 'error';
  if (count > 25) return 'warning';
  return 'success';
}

export function EnrolmentBadge({ count }: { count: number }) {
  return <Chip size="small" color={enrolmentColour(count)} label={count} aria-label={`${count} matriculados`} sx={{ fontWeight: 700, minWidth: 36 }} />;
}

/** UI-only list cells that a config may name in `cell`. */
const namedCells: Record<CellName, (value: unknown) => ReactNode> = {
  badge: (value) => <Chip size="small" color="primary" label={String(value ?? '')} sx={{ fontWeight: 700, minWidth: 36 }} />,
  // "Possui financeiro?": SIM in green, NÃO in red (spec, student list).
  yesNo: (value) => (Number(value ?? 0) > 0 ? <Chip size="small" color="success" label="SIM" /> : <Chip size="small" color="error" label="NÃO" />),
  enrolmentBadge: (value) => <EnrolmentBadge count={Number(value ?? 0)} />,
  teamLinks: (value) => (
    <>
      {(Array.isArray(value) ? (value as { id: number; name: string }[]) : []).map((team, i) => (
        <span key={team.id}>
          {i > 0 && ', '}
          <MuiLink component={Link} to={`/admin/turmas/${team.id}/editar`} onClick={(e) => e.stopPropagation()}>
            {upper(team.name)}
          </MuiLink>
        </span>
      ))}
    </>
  ),
};

export function cellText(field: FieldConfig, record: RaRecord): ReactNode {
  const value = field.type === 'reference' ? (record[field.reference!.embedAs] as Record<string, unknown> | null)?.[field.reference!.labelField] : record[field.name];
  if (field.cell) return namedCells[field.cell](value);
  if (Array.isArray(value)) return value.map((v) => upper((v as Record<string, unknown>)[field.many?.labelField ?? 'name'])).join(', ');
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>;
    case 'date':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</span>;
    case 'select':
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    default: {
      let text = field.mask ? applyMask(String(value), field.mask) : String(value);
      if (field.truncateInList) text = truncate(text, field.truncateInList);
      if (field.mask) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
      return field.upperCaseInList || field.type === 'reference' ? upper(text) : text;
    }
  }
}

/** A list column of one config field; sortable only when the config says so. */
export function fieldColumn(field: FieldConfig, sortable: boolean) {
  return (
    <FunctionField
      key={field.name}
      source={field.name}
      label={field.label}
      sortable={sortable}
      sortBy={field.name}
      render={(record: RaRecord) => cellText(field, record)}
    />
  );
}
