import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { apiRequest } from '../api/http';
import { upper } from '../format';
import { CHART_COLOURS, monthLabel } from './reports';

export interface ChartPoint {
  label: string;
  value: number;
}

/** One bar chart card; an empty state when there is nothing to show. */
export function IndicatorChart({ title, data, testId }: { title: string; data: ChartPoint[] | null; testId: string }) {
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {data && data.length === 0 && <Typography color="text.secondary">Ainda não há dados para este gráfico.</Typography>}
        {data && data.length > 0 && (
          <Box sx={{ height: 300 }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} angle={-30} textAnchor="end" height={70} tickFormatter={(v: string) => (v.length > 18 ? `${v.slice(0, 17)}…` : v)} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
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
export function useIndicator(path: string, map: (row: Record<string, unknown>) => ChartPoint): ChartPoint[] | null {
  const [data, setData] = useState<ChartPoint[] | null>(null);
  useEffect(() => {
    apiRequest<Record<string, unknown>[]>(path)
      .then((rows) => setData(rows.map(map)))
      .catch((error: unknown) => console.error(`Falha ao carregar ${path}`, error));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the mapping is static per chart
  }, [path]);
  return data;
}

export const byMonth = (key: string) => (row: Record<string, unknown>) => ({ label: monthLabel(String(row.month)), value: Number(row[key]) });
export const byTeam = (row: Record<string, unknown>) => ({ label: upper(row.name), value: Number(row.total_students) });
