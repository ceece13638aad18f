import { Alert, Box, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useGetList } from 'react-admin';
import { formatDate } from '../../resources/format';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';
import { DAY_KINDS, type CalendarDay, type SchoolCalendar, type SchoolCalendarInput } from './calendarTypes';
import { DayDialog, type DayChoice } from './DayDialog';
import { MonthGrid } from './MonthGrid';
import { StageDatesTable, type StageOption } from './StageDatesTable';

export interface SchoolYearRecord {
  id: number;
  year: number;
  start_date: string;
  end_date: string;
}

/** The legend: each kind's colour, letter and name, so that the colours are never the only clue. */
function Legend() {
  return (
    <Stack direction="row" flexWrap="wrap" gap={1} component="ul" aria-label="Legenda" sx={{ p: 0, m: 0 }}>
      {Object.values(DAY_KINDS).map((k) => (
        <Chip
          component="li"
          key={k.letter}
          size="small"
          label={`${k.letter} · ${k.label}`}
          sx={{ bgcolor: k.colour, color: 'rgba(0,0,0,0.87)' }}
        />
      ))}
    </Stack>
  );
}

/**
 * A school year's calendar (issue 38): the twelve months with the marked days, the school-day count in the corner,
 * a day's kind set in its dialog, and the stages' dates. Every change is saved at once through `onSave`.
 */
export function SchoolCalendarPanel({
  year,
  calendar,
  stageOptions,
  canWrite,
  onSave,
}: {
  year: SchoolYearRecord;
  calendar: SchoolCalendar;
  stageOptions: StageOption[];
  canWrite: boolean;
  /** Resolves whether the server kept it. */
  onSave: (input: SchoolCalendarInput) => Promise<boolean>;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const marks = useMemo(() => new Map(calendar.days.map((d) => [d.date, d])), [calendar.days]);
  const inYear = (date: string) => date >= year.start_date && date <= year.end_date;
  const save = async (input: SchoolCalendarInput) => {
    setBusy(true);
    try {
      return await onSave(input);
    } finally {
      setBusy(false);
    }
  };
  const saveDay = async (choice: DayChoice) => {
    if (!picked) return;
    const others = calendar.days.filter((d) => d.date !== picked);
    const days: CalendarDay[] = choice ? [...others, { date: picked, ...choice }] : others;
    if (await save({ stages: calendar.stages, days })) setPicked(null);
  };
  const months = useMemo(() => Array.from({ length: 12 }, (_, i) => i + 1), []);
  return (
    <Stack spacing={2}>
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={2} flexWrap="wrap">
        <Box>
          <Typography variant="h6" component="h2">
            Calendário de {year.year}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Ano letivo de {formatDate(year.start_date)} a {formatDate(year.end_date)}.
            {canWrite && ' Toque num dia para marcá-lo.'}
          </Typography>
        </Box>
        <Box
          role="status"
          aria-label="Dias letivos"
          sx={{ textAlign: 'right', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}
        >
          <Typography variant="h5" component="p" data-testid="school-days">
            {calendar.school_days}
          </Typography>
          <Typography variant="caption" component="p">
            dias letivos {calendar.school_days < 200 ? '(mínimo: 200)' : ''}
          </Typography>
        </Box>
      </Stack>
      <Legend />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2 }}>
        {months.map((month) => (
          <MonthGrid
            key={month}
            year={year.year}
            month={month}
            marks={marks}
            inYear={inYear}
            onPick={canWrite ? setPicked : undefined}
          />
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3">
        Etapas
      </Typography>
      <StageDatesTable
        options={stageOptions}
        stages={calendar.stages}
        canWrite={canWrite}
        busy={busy}
        onSave={(stages) => void save({ stages, days: calendar.days })}
      />
      <DayDialog
        date={picked}
        current={picked ? marks.get(picked) : undefined}
        busy={busy}
        onClose={() => setPicked(null)}
        onSave={(choice) => void saveDay(choice)}
      />
    </Stack>
  );
}

/** Tab CALENDÁRIO of a school year: reads the calendar and the stages, saves through the server's messages. */
export function SchoolCalendarTab({ record }: { record: SchoolYearRecord }) {
  const api = useApi();
  const write = useServerWrite();
  const queryClient = useQueryClient();
  const canWrite = useAllows()('teams.write');
  const key = ['anos-letivos', record.id, 'calendario'];
  const { data: calendar, error } = useQuery({
    queryKey: key,
    queryFn: () => api.getSchoolCalendar(record.id),
    retry: false,
  });
  const { data: stages } = useGetList<StageOption & { id: number }>('etapas', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'stage', order: 'ASC' },
  });
  const onSave = async (input: SchoolCalendarInput) => {
    const done = await write(() => api.saveSchoolCalendar(record.id, input), {
      fallback: 'Erro ao salvar o calendário.',
    });
    if (done.ok) queryClient.setQueryData(key, done.body);
    return done.ok;
  };
  if (error) return <Alert severity="error">{error.message || 'Erro ao carregar o calendário.'}</Alert>;
  if (!calendar) return <CircularProgress size={24} aria-label="Carregando o calendário" />;
  return (
    <SchoolCalendarPanel
      year={record}
      calendar={calendar}
      stageOptions={stages ?? []}
      canWrite={canWrite}
      onSave={onSave}
    />
  );
}
