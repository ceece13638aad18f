import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { IndicatorSeries } from '../../dataProvider/indicators';
import { useApi } from '../api/useApi';
import { upper } from '../format';
import { CHART_COLOURS, monthLabel } from './reports';

export interface ChartPoint {
  label: string;
  value: number;
}

/** Width of a tick letter at 11 px, a little generous: a label may be a little short of room, never cut. */
const CHAR_PX = 7;
const LABEL_MAX = 18;

const shortLabel = (v: string) => (v.length > LABEL_MAX ? `${v.slice(0, LABEL_MAX - 1)}…` : v);

/**
 * The narrowest plot a chart gets: a third of the dashboard at 1366 px, or a phone's width, less the y axis.
 * Flat labels must fit side by side in it.
 */
const PLOT_MIN_PX = 260;
const LABEL_GAP_PX = 8;

/**
 * Room for the x labels: flat when they fit side by side in the narrowest plot; otherwise slanted, with the
 * axis as tall as the longest label needs and the chart's left margin as wide as the first label reaches to
 * the left.
 */
export function axisLayout(labels: string[]): { angle: number; height: number; left: number } {
  const longest = Math.max(0, ...labels.map((l) => shortLabel(l).length)) * CHAR_PX;
  if (labels.length * (longest + LABEL_GAP_PX) <= PLOT_MIN_PX) return { angle: 0, height: 30, left: 0 };
  const angle = -35;
  const rad = (Math.abs(angle) * Math.PI) / 180;
  return {
    angle,
    height: Math.ceil(longest * Math.sin(rad)) + 24,
    left: Math.max(0, Math.ceil(longest * Math.cos(rad)) - 40),
  };
}

/** One bar chart card; an empty state when there is nothing to show. */
export function IndicatorChart({
  title,
  data,
  testId,
  action,
}: {
  title: string;
  data: ChartPoint[] | null;
  testId: string;
  /** Beside the title: what the chart shows (the school year of "Alunos por turma"). */
  action?: ReactNode;
}) {
  const layout = axisLayout((data ?? []).map((p) => p.label));
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {data && data.length === 0 && (
          <Typography color="text.secondary">Ainda não há dados para este gráfico.</Typography>
        )}
        {data && data.length > 0 && (
          <Box sx={{ height: 260 + layout.height }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: layout.left }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="label"
                  tick={{ fontSize: 11 }}
                  interval={0}
                  angle={layout.angle}
                  textAnchor={layout.angle ? 'end' : 'middle'}
                  height={layout.height}
                  tickFormatter={shortLabel}
                />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
                <Tooltip formatter={(value) => [String(value), 'Total']} />
                <Bar dataKey="value" name="Total" isAnimationActive={false}>
                  {data.map((point, i) => (
                    <Cell key={point.label} fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Loads one indicator; failures only go to the console (spec §8). */
export function useIndicator(
  series: IndicatorSeries,
  map: (row: Record<string, unknown>) => ChartPoint,
  /** The school year of a per-team chart (undefined: every year's teams); null waits (the year is looked up). */
  query: { school_year_id?: number } | null = {},
): ChartPoint[] | null {
  const api = useApi();
  // Under the students: a student or an enrolment saved anywhere redraws the charts.
  const { data, error } = useQuery({
    queryKey: ['alunos', 'indicadores', series, query],
    queryFn: () => api.getIndicatorSeries(series, query ?? {}),
    enabled: query !== null,
    retry: false,
  });
  useEffect(() => {
    if (error) console.error(`Falha ao carregar o indicador ${series}`, error);
  }, [error, series]);
  return data ? data.map(map) : null;
}

export const byMonth = (key: string) => (row: Record<string, unknown>) => ({
  label: monthLabel(String(row.month)),
  value: Number(row[key]),
});
export const byTeam = (row: Record<string, unknown>) => ({ label: upper(row.name), value: Number(row.total_students) });
