import { Box, ButtonBase, Typography } from '@mui/material';
import { MONTH_NAMES } from '../../resources/format';
import { DAY_KINDS, type CalendarDay } from './calendarTypes';

const WEEKDAYS = ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'];
const WEEKDAY_NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * One month of the calendar: a week per row, each day a button that opens its dialog. A marked day has its kind's
 * colour and letter (the legend names both), and the screen reader hears the day, its kind and description.
 */
export function MonthGrid({
  year,
  month,
  marks,
  inYear,
  onPick,
}: {
  year: number;
  /** 1 to 12. */
  month: number;
  marks: Map<string, CalendarDay>;
  /** Whether a day is inside the school year (the others are shown faint and cannot be picked). */
  inYear: (date: string) => boolean;
  onPick?: (date: string) => void;
}) {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const name = MONTH_NAMES[month - 1];
  return (
    <Box component="section" aria-label={`${name} de ${year}`} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ textTransform: 'capitalize', mb: 0.5 }}>
        {name}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '2px', fontSize: '0.75rem' }}>
        {WEEKDAYS.map((d, i) => (
          <Box key={i} aria-hidden sx={{ textAlign: 'center', color: 'text.secondary', fontWeight: 600 }}>
            {d}
          </Box>
        ))}
        {Array.from({ length: first }, (_, i) => (
          <Box key={`v${i}`} aria-hidden />
        ))}
        {Array.from({ length }, (_, i) => {
          const day = i + 1;
          const date = `${year}-${pad(month)}-${pad(day)}`;
          const mark = marks.get(date);
          const kind = mark && DAY_KINDS[mark.kind];
          const weekday = (first + i) % 7;
          const open = inYear(date);
          const label = `${day} de ${name}, ${WEEKDAY_NAMES[weekday]}${kind ? `: ${kind.label.toLowerCase()}${mark.description ? `, ${mark.description}` : ''}` : ''}`;
          return (
            <ButtonBase
              key={date}
              data-date={date}
              aria-label={label}
              title={mark?.description || undefined}
              disabled={!open || !onPick}
              onClick={() => onPick?.(date)}
              sx={{
                minHeight: 28,
                borderRadius: 0.5,
                flexDirection: 'column',
                lineHeight: 1.1,
                fontSize: '0.75rem',
                bgcolor: kind?.colour,
                color: open ? 'rgba(0,0,0,0.87)' : '#757575',
                fontWeight: kind ? 700 : weekday === 0 || weekday === 6 ? 400 : 500,
                outline: kind ? '1px solid rgba(0,0,0,0.25)' : undefined,
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <span>{day}</span>
              {kind && (
                <Box component="span" aria-hidden sx={{ fontSize: '0.6rem' }}>
                  {kind.letter}
                </Box>
              )}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
