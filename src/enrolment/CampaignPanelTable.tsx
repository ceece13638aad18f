import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { PanelLine } from '../../resources/enrolment-campaigns';

const COLUMNS: { key: keyof Omit<PanelLine, 'from_team' | 'to_team'>; label: string }[] = [
  { key: 'invited', label: 'Convidadas' },
  { key: 'opened', label: 'Abriram' },
  { key: 'confirmed', label: 'Enviaram' },
  { key: 'signed', label: 'Assinaram' },
  { key: 'paid', label: 'Pagaram' },
  { key: 'accepted', label: 'Aceitas' },
  { key: 'declined', label: 'Desistiram' },
  { key: 'pending', label: 'Pendentes' },
];

/** The campaign's panel: per team (current → next year), how many families reached each point of the way. */
export function CampaignPanelTable({ lines }: { lines: PanelLine[] }) {
  if (!lines.length)
    return <Typography color="text.secondary">Nenhuma família convidada ainda: use "Convidar famílias".</Typography>;
  const total = (key: (typeof COLUMNS)[number]['key']) => lines.reduce((n, l) => n + l[key], 0);
  // Scrolls sideways on a phone: reachable by keyboard, named for a screen reader (axe).
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Painel da campanha por turma">
      <Table size="small" aria-label="Painel da campanha por turma">
        <TableHead>
          <TableRow>
            <TableCell>Turma</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c.key} align="right">
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={`${l.from_team?.id ?? ''}-${l.to_team?.id ?? ''}`}>
              <TableCell sx={{ minWidth: 160 }}>
                {l.from_team?.name ?? 'Novos alunos'} → {l.to_team?.name ?? '—'}
              </TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} align="right">
                  {c.key === 'pending' && l.pending > 0 ? (
                    <Chip size="small" color="warning" label={l.pending} />
                  ) : (
                    l[c.key]
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {lines.length > 1 && (
            <TableRow>
              <TableCell sx={{ fontWeight: 'bold' }}>Total</TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} align="right" sx={{ fontWeight: 'bold' }}>
                  {total(c.key)}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
