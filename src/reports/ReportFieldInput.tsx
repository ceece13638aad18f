import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReportField } from '../../reports/types';
import { useApi } from '../api/useApi';
import { MoneyInput } from '../components/MoneyInput';
import { upper } from '../format';
import { RemoteMultiSelect, RemoteSelect } from './RemoteSelect';
import type { FieldValue, FormValues, Picked } from './values';

export interface FieldInputProps {
  field: ReportField;
  values: FormValues;
  error?: string;
  /** The field is empty and required: marked without a second message (the toast says it). */
  missing?: boolean;
  onChange: (name: string, value: FieldValue) => void;
  /** The school year whose teams a team field offers (null: every year's). */
  schoolYearId?: number | null;
}

const studentLabel = (row: Picked) => `${upper(row.name)} (código ${row.id})`;

const NO_CHOICES: { id: string; name: string }[] = [];

/** Every row of a small lookup table (payment types, service types, users), as the spec's selects load them. */
function useLookup(path: string | undefined): { id: string; name: string }[] {
  const api = useApi();
  // Keyed by the list route (`payment-types`): a refused load offers no choice.
  const { data = NO_CHOICES } = useQuery({
    queryKey: [path, 'escolhas'],
    queryFn: () => api.getLookupChoices(path!),
    enabled: Boolean(path),
    retry: false,
  });
  return path ? data : NO_CHOICES;
}

/** The teams of the chosen student's enrolments ('studentTeam'): nothing to choose before a student. */
function StudentTeamSelect({ field, values, error, missing, onChange }: FieldInputProps) {
  const student = values[field.dependsOn ?? 'student'] as Picked | null;
  const api = useApi();
  const chosen = values[field.name] as Picked | null;
  // Under the student: a new enrolment anywhere offers its team here. A refused load: no team to choose.
  const { data, isError } = useQuery({
    queryKey: ['alunos', student?.id, 'turmas'],
    queryFn: () => api.getStudentTeams(student!.id),
    enabled: Boolean(student),
    retry: false,
  });
  const teams = !student ? null : (data ?? (isError ? [] : null));
  const helper =
    error ??
    (!student
      ? 'Escolha primeiro o aluno.'
      : teams && teams.length === 0
        ? 'Este aluno não tem matrícula em turma.'
        : undefined);
  return (
    <TextField
      select
      label={field.label}
      required={field.required}
      disabled={!student}
      error={Boolean(error) || missing}
      helperText={helper}
      // The hint says why the field waits: it must stay readable (contrast) while the field is disabled.
      sx={{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
      value={chosen && teams?.some((t) => t.id === chosen.id) ? String(chosen.id) : ''}
      onChange={(e) => onChange(field.name, teams?.find((t) => String(t.id) === e.target.value) ?? null)}
    >
      {(teams ?? []).map((t) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {upper(t.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function LookupSelect({ field, values, error, missing, onChange }: FieldInputProps) {
  const rows = useLookup(field.lookup);
  const multiple = field.kind === 'lookups';
  const value = values[field.name];
  return (
    <TextField
      select
      label={field.label}
      required={field.required}
      error={Boolean(error) || missing}
      helperText={error}
      value={multiple ? (value as string[]) : ((value as string) ?? '')}
      slotProps={{
        select: {
          multiple,
          renderValue: multiple
            ? (ids) => (ids as string[]).map((id) => rows.find((r) => r.id === id)?.name ?? id).join(', ')
            : undefined,
        },
      }}
      onChange={(e) => onChange(field.name, e.target.value as string | string[])}
    >
      {!multiple && <MenuItem value="">-- Todos --</MenuItem>}
      {rows.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {upper(r.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The input of one registry field, chosen by its kind. */
export function ReportFieldInput(props: FieldInputProps) {
  const { field, values, error, missing, onChange, schoolYearId } = props;
  const teamFilter = schoolYearId ? { school_year_id: schoolYearId } : undefined;
  const common = { label: field.label, required: field.required, error: Boolean(error) || missing, helperText: error };
  const text = (values[field.name] as string | null) ?? '';
  switch (field.kind) {
    case 'team':
      return (
        <RemoteSelect
          path="/teams"
          {...common}
          filter={teamFilter}
          value={values[field.name] as Picked | null}
          onChange={(v) => onChange(field.name, v)}
        />
      );
    case 'teams':
      return (
        <RemoteMultiSelect
          path="/teams"
          {...common}
          filter={teamFilter}
          value={values[field.name] as Picked[]}
          onChange={(v) => onChange(field.name, v)}
        />
      );
    case 'student':
      return (
        <RemoteSelect
          path="/students"
          {...common}
          optionLabel={studentLabel}
          value={values[field.name] as Picked | null}
          onChange={(v) => onChange(field.name, v)}
        />
      );
    case 'studentTeam':
      return <StudentTeamSelect {...props} />;
    case 'lookup':
    case 'lookups':
      return <LookupSelect {...props} />;
    case 'choice':
      return (
        <TextField select {...common} value={text} onChange={(e) => onChange(field.name, e.target.value)}>
          {field.default === undefined && <MenuItem value="">-- Todos --</MenuItem>}
          {(field.choices ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'date':
      // A native date input: `yyyy-mm-dd` as typed, never shifted by a time zone.
      return (
        <TextField
          type="date"
          {...common}
          value={text}
          onChange={(e) => onChange(field.name, e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'month':
      // A native month input: `yyyy-mm`.
      return (
        <TextField
          type="month"
          {...common}
          value={text}
          onChange={(e) => onChange(field.name, e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'integer':
      return (
        <TextField
          {...common}
          value={text}
          onChange={(e) => onChange(field.name, e.target.value.replace(/\D/g, '').slice(0, 9))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      );
    case 'money':
      return <MoneyInput {...common} value={text} onChange={(typed) => onChange(field.name, typed)} />;
    case 'text':
    default:
      return (
        <TextField
          {...common}
          value={text}
          onChange={(e) => onChange(field.name, e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      );
  }
}
