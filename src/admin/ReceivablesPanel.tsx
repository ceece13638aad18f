import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link, useNavigate } from 'react-router-dom';
import { allows, storedPermissions } from '../../authProvider';
import { formatBRL, plural } from '../../resources/format';
import { useApi } from '../api/useApi';
import { CHART_COLOURS, monthLabel } from './reports';
import { chargesLink, overallRate, ratePercent, type ChargeFilter, type Figure, type Receivables } from './receivables';

/** A figure's text, a link to its charges when the person may open the financial report. */
function ChargesLink({
  to,
  linked,
  label,
  children,
}: {
  to: string;
  linked: boolean;
  label: string;
  children: ReactNode;
}) {
  if (!linked) return <>{children}</>;
  return (
    <MuiLink component={Link} to={to} aria-label={label} underline="hover">
      {children}
    </MuiLink>
  );
}

function FigureCard({
  title,
  value,
  detail,
  to,
  linked,
  colour,
  testId,
}: {
  title: string;
  value: string;
  detail: string;
  to: string;
  linked: boolean;
  colour?: 'error' | 'success.main';
  testId: string;
}) {
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" component="h3">
        {title}
      </Typography>
      <Typography variant="h5" component="p" color={colour ?? 'text.primary'} sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      <Typography variant="body2">{detail}</Typography>
    </CardContent>
  );
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      {linked ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }} aria-label={`${title}: ${value}, ${detail}`}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** The 12 months' default rate as bars; a click on a month opens the charges that fell due in it. */
function DefaultRateChart({ data, linked }: { data: Receivables; linked: boolean }) {
  const navigate = useNavigate();
  const points = data.default_rate.map((m) => ({
    label: monthLabel(m.month),
    value: m.rate === null ? 0 : Math.round(m.rate * 1000) / 10,
    filter: m.filter,
  }));
  return (
    <Card data-testid="grafico-inadimplencia" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          Inadimplência por mês (12 meses)
        </Typography>
        <Box sx={{ height: 260 }} role="img" aria-label="Gráfico da inadimplência de cada um dos últimos 12 meses">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 8, right: 8, bottom: 24, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} angle={-35} textAnchor="end" height={48} />
              <YAxis tick={{ fontSize: 12 }} width={44} unit="%" />
              <Tooltip formatter={(value) => [`${String(value).replace('.', ',')}%`, 'Inadimplência']} />
              <Bar
                dataKey="value"
                name="Inadimplência"
                fill={CHART_COLOURS[0]}
                isAnimationActive={false}
                cursor={linked ? 'pointer' : undefined}
                onClick={(point: { payload?: { filter?: ChargeFilter } }) =>
                  linked && point.payload?.filter && navigate(chargesLink(point.payload.filter))
                }
              />
            </BarChart>
          </ResponsiveContainer>
        </Box>
        {/* The same months as text and links: for a screen reader, a keyboard, and the exact figures. */}
        <TableContainer sx={{ maxHeight: 220 }}>
          <Table size="small" aria-label="Inadimplência por mês">
            <TableHead>
              <TableRow>
                <TableCell>Mês</TableCell>
                <TableCell align="right">Vencido</TableCell>
                <TableCell align="right">Inadimplência</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...data.default_rate].reverse().map((m) => (
                <TableRow key={m.month}>
                  <TableCell>
                    <ChargesLink
                      to={chargesLink(m.filter)}
                      linked={linked}
                      label={`Cobranças vencidas em ${monthLabel(m.month)}`}
                    >
                      {monthLabel(m.month)}
                    </ChargesLink>
                  </TableCell>
                  <TableCell align="right">{formatBRL(m.due_total)}</TableCell>
                  <TableCell align="right">{ratePercent(m.rate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

function AgingTable({ data, linked }: { data: Receivables; linked: boolean }) {
  return (
    <Card data-testid="tabela-aging" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          Atraso por faixa de dias
        </Typography>
        <Table size="small" aria-label="Atraso por faixa de dias">
          <TableHead>
            <TableRow>
              <TableCell>Atraso</TableCell>
              <TableCell align="right">Cobranças</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.aging.map((b) => (
              <TableRow key={b.key}>
                <TableCell>
                  <ChargesLink to={chargesLink(b.filter)} linked={linked} label={`Cobranças com ${b.label} de atraso`}>
                    {b.label}
                  </ChargesLink>
                </TableCell>
                <TableCell align="right">{b.count.toLocaleString('pt-BR')}</TableCell>
                <TableCell align="right">{formatBRL(b.total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function TeamsTable({ data, linked }: { data: Receivables; linked: boolean }) {
  const cell = (f: Figure, name: string, what: string) => (
    <ChargesLink
      to={chargesLink(f.filter, name)}
      linked={linked}
      label={`${what} da turma ${name}: ${formatBRL(f.total)}`}
    >
      {formatBRL(f.total)}
    </ChargesLink>
  );
  return (
    <Card data-testid="tabela-turmas">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          Por turma
        </Typography>
        {data.teams.length === 0 ? (
          <Typography color="text.secondary">Nenhuma cobrança lançada.</Typography>
        ) : (
          // Wider than a phone: the table scrolls sideways inside its card, the page does not.
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Valores por turma" sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Turma</TableCell>
                  <TableCell align="right">A receber no mês</TableCell>
                  <TableCell align="right">Recebido no mês</TableCell>
                  <TableCell align="right">Em atraso</TableCell>
                  <TableCell align="right">Inadimplência (12 meses)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.teams.map((t) => (
                  <TableRow key={t.team_id ?? 'sem-turma'}>
                    <TableCell component="th" scope="row">
                      {t.name}
                    </TableCell>
                    <TableCell align="right">{cell(t.to_receive, t.name, 'A receber no mês')}</TableCell>
                    <TableCell align="right">{cell(t.received, t.name, 'Recebido no mês')}</TableCell>
                    <TableCell align="right">{cell(t.overdue, t.name, 'Em atraso')}</TableCell>
                    <TableCell align="right">{ratePercent(t.default_rate.rate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The FINANCEIRO dashboard (issue 27), drawn from an answer of GET /indicators/receivables: four figures, the
 * default rate of 12 months, the aging of what is overdue, and the same by team. `linked`: whether each figure
 * opens the financial report filled with its charges (the role may draw it).
 */
export function ReceivablesView({ data, linked }: { data: Receivables; linked: boolean }) {
  const twelve = overallRate(data.default_rate);
  return (
    <Box component="section" aria-labelledby="financeiro" data-testid="painel-financeiro" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id="financeiro" gutterBottom>
        Financeiro — {monthLabel(data.month)}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard
            testId="cartao-a-receber"
            title="A receber no mês"
            value={formatBRL(data.to_receive.total)}
            detail={`${plural(data.to_receive.count, 'cobrança', 'cobranças')} em aberto com vencimento no mês`}
            to={chargesLink(data.to_receive.filter)}
            linked={linked}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard
            testId="cartao-recebido"
            title="Recebido no mês"
            value={formatBRL(data.received.total)}
            detail={`${plural(data.received.count, 'cobrança paga', 'cobranças pagas')} no mês`}
            to={chargesLink(data.received.filter)}
            linked={linked}
            colour="success.main"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard
            testId="cartao-em-atraso"
            title="Em atraso"
            value={formatBRL(data.overdue.total)}
            detail={plural(data.overdue.count, 'cobrança vencida e não paga', 'cobranças vencidas e não pagas')}
            to={chargesLink(data.overdue.filter)}
            linked={linked}
            colour={data.overdue.total > 0 ? 'error' : undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard
            testId="cartao-inadimplencia"
            title="Inadimplência em 12 meses"
            value={ratePercent(twelve)}
            detail="do valor vencido ficou em aberto ou foi pago com atraso"
            to={chargesLink(
              data.default_rate[0]?.filter.due_from
                ? { ...data.default_rate[0].filter, due_to: data.overdue.filter.due_to }
                : {},
            )}
            linked={linked}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <DefaultRateChart data={data} linked={linked} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <AgingTable data={data} linked={linked} />
        </Grid>
        <Grid size={12}>
          <TeamsTable data={data} linked={linked} />
        </Grid>
      </Grid>
    </Box>
  );
}

/** The FINANCEIRO dashboard on the admin's dashboard, for the roles that may see the finances (finance.read). */
export function ReceivablesPanel() {
  const permissions = storedPermissions();
  const allowed = allows(permissions, 'finance.read');
  const linked = allows(permissions, 'reports.financial');
  const api = useApi();
  // Under the students, whose FINANCEIRO tab writes the charges: a payment there refreshes these figures.
  const { data, error } = useQuery({
    queryKey: ['alunos', 'financeiro', 'a-receber'],
    queryFn: () => api.getReceivables(),
    enabled: allowed,
    retry: false,
  });
  useEffect(() => {
    if (error) console.error('Falha ao carregar o financeiro do painel', error);
  }, [error]);
  if (!allowed) return null;
  if (!data) return <Typography sx={{ mb: 3 }}>Carregando o financeiro…</Typography>;
  return <ReceivablesView data={data} linked={linked} />;
}
