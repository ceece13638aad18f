import { Chip, Link as MuiLink, Tooltip } from '@mui/material';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { DataTable, FunctionField, type RaRecord } from 'react-admin';
import { resourceByName, type FieldConfig } from '../../resources';
import type { CellName } from '../../resources/types';
import { applyMask } from '../../resources/text';
import { multiselectLabels } from '../../resources/field-rules';
import { codeListOf } from '../../resources/census-codes';
import { CodeListLabel } from './CodeList';
import { MunicipalityName } from './MunicipalityInput';
import { formatDate, formatDateTime, formatInstantDate, truncate, upper } from '../format';
import { formatBRL, plural } from '../../resources/format';
import { adminRoutes } from './routes';

/** Widest a column grows when its config gives no `listWidth`: long names are cut, not wrapped. */
export const DEFAULT_MAX_WIDTH = 240;

/** Enrolment badge colours (spec §9): green up to 25, orange above 25, red above 50. */
export function enrolmentColour(count: number): 'success' | 'warning' | 'error' {
  if (count > 50) return 'error';
  if (count > 25) return 'warning';
  return 'success';
}

export function EnrolmentBadge({ count }: { count: number }) {
  return (
    <Chip
      size="small"
      color={enrolmentColour(count)}
      label={count}
      aria-label={plural(count, 'matriculado', 'matriculados')}
      sx={{ fontWeight: 700, minWidth: 36 }}
    />
  );
}

/** UI-only list cells that a config may name in `cell`. */
const namedCells: Record<CellName, (value: unknown) => ReactNode> = {
  badge: (value) => (
    <Chip size="small" color="primary" label={String(value ?? '')} sx={{ fontWeight: 700, minWidth: 36 }} />
  ),
  // "Possui financeiro?": SIM in green, NÃO in red (spec, student list).
  yesNo: (value) =>
    Number(value ?? 0) > 0 ? (
      <Chip size="small" color="success" label="SIM" />
    ) : (
      <Chip size="small" color="error" label="NÃO" />
    ),
  enrolmentBadge: (value) => <EnrolmentBadge count={Number(value ?? 0)} />,
  // A role that comes with the system (its key is fixed, it is never deleted) or one the school made.
  builtinRole: (value) => (value === true || Number(value) === 1 ? 'Sim' : 'Não'),
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

/** The raw value of a field in a record; a reference's embedded name. */
export function fieldValue(field: FieldConfig, record: RaRecord): unknown {
  if (field.type !== 'reference') return record[field.name];
  const { embedAs, labelField, emptyLabel } = field.reference!;
  const embedded = record[embedAs] as Record<string, unknown> | null | undefined;
  // A record that references nothing, where the config names that state (a user 'Sem perfil').
  if (emptyLabel && (record[field.name] === null || record[field.name] === undefined) && !embedded) return emptyLabel;
  return embedded?.[labelField];
}

/** A select option with a colour: a chip, so a status reads at a glance. */
function optionChip(field: FieldConfig, value: unknown): ReactNode | undefined {
  const option = field.options?.find((o) => o.value === value);
  if (!option?.colour) return undefined;
  return <Chip size="small" color={option.colour} label={option.label} sx={{ fontWeight: 600 }} />;
}

/**
 * A field as text for people: dates in pt-BR, masks applied, options by their label, chips where the
 * config says. `inList` adds the list's touches (upper case, cut to `truncateInList`).
 */
export function displayValue(field: FieldConfig, record: RaRecord, inList = true): ReactNode {
  const value = fieldValue(field, record);
  if (field.cell) return namedCells[field.cell](value);
  if (Array.isArray(value))
    return value.map((v) => upper((v as Record<string, unknown>)[field.many?.labelField ?? 'name'])).join(', ');
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'datetime':
      // A list has room for the day only; the hour is in the tooltip and on the record's page.
      return inList ? (
        <Tooltip title={formatDateTime(value)} describeChild enterDelay={400}>
          <span style={{ whiteSpace: 'nowrap' }}>{formatInstantDate(value)}</span>
        </Tooltip>
      ) : (
        formatDateTime(value)
      );
    case 'date':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</span>;
    case 'money': {
      const cents = record[`${field.name}_cents`];
      return <span style={{ whiteSpace: 'nowrap' }}>{formatBRL(typeof cents === 'number' ? cents : 0)}</span>;
    }
    case 'month':
      // 2027-02 → 02/2027, as a date is shown.
      return <span style={{ whiteSpace: 'nowrap' }}>{String(value).split('-').reverse().join('/')}</span>;
    case 'multiselect':
      return multiselectLabels(field, value);
    case 'select':
      if (codeListOf(field)) return <CodeListLabel field={field} code={String(value)} />;
      return optionChip(field, value) ?? field.options?.find((o) => o.value === value)?.label ?? String(value);
    default: {
      if (field.rule === 'municipality') return <MunicipalityName code={String(value)} />;
      let text = field.mask ? applyMask(String(value), field.mask) : String(value);
      if (field.mask) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
      if (!inList) return text;
      if (field.truncateInList) text = truncate(text, field.truncateInList);
      return field.upperCaseInList || field.type === 'reference' ? upper(text) : text;
    }
  }
}

/** Kept for callers of the list's text; the list cell itself is {@link ListCell}. */
export const cellText = (field: FieldConfig, record: RaRecord) => displayValue(field, record, true);

/** Width a column takes in a list, in pixels, when its config does not say: what its values need. */
export function columnWidth(field: FieldConfig): number {
  if (field.listWidth) return field.listWidth;
  if (field.name === 'id') return 40;
  if (field.cell === 'yesNo' || field.cell === 'badge' || field.cell === 'enrolmentBadge') return 64;
  if (field.type === 'date' || field.type === 'datetime') return 80;
  if (field.mask) return 8 * field.mask.length;
  if (field.type === 'select' || field.type === 'integer' || field.type === 'month') return 90;
  if (field.type === 'money') return 110;
  return DEFAULT_MAX_WIDTH;
}

/**
 * A list cell in at most two lines (one for e-mails, which do not break well): what does not fit ends in
 * an ellipsis, and the tooltip shows it all.
 */
function ListCell({ field, record }: { field: FieldConfig; record: RaRecord }) {
  const shown = displayValue(field, record, true);
  const maxWidth = columnWidth(field);
  if (typeof shown !== 'string' || shown === '')
    return field.cell === 'teamLinks' ? <span style={{ display: 'block', maxWidth }}>{shown}</span> : <>{shown}</>;
  const whole = String(displayValue({ ...field, truncateInList: undefined }, record, true));
  const oneLine = field.type === 'email' || !/\s/.test(whole);
  const clamp = oneLine
    ? { display: 'block', whiteSpace: 'nowrap' as const, textOverflow: 'ellipsis' }
    : { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' as const };
  const cell = <span style={{ ...clamp, overflow: 'hidden', maxWidth, overflowWrap: 'anywhere' }}>{shown}</span>;
  // A text that surely fits needs no tooltip (an average letter is under 8 px wide).
  if (whole === shown && whole.length * 8 < maxWidth) return cell;
  return (
    <Tooltip title={whole} describeChild enterDelay={400}>
      {cell}
    </Tooltip>
  );
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
      render={(record: RaRecord) => <ListCell field={field} record={record} />}
    />
  );
}

/** A `<DataTable>` column of one config field; sortable only when the config says so. */
export function dataTableColumn(field: FieldConfig, sortable: boolean) {
  return (
    <DataTable.Col
      key={field.name}
      source={field.name}
      label={field.label}
      disableSort={!sortable}
      render={(record: RaRecord) => <ListCell field={field} record={record} />}
    />
  );
}

/** Where a reference leads: the referenced record's page, or nothing when its resource is unknown. */
export function referenceHref(field: FieldConfig, record: RaRecord): string | undefined {
  const target = field.reference && resourceByName(field.reference.resource);
  const id = record[field.name];
  if (!target || id === null || id === undefined || id === '') return undefined;
  return adminRoutes(target).show(id as string | number);
}
