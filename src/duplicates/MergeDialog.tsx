import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { formatDate } from '../../resources/format';
import { CPF_MASK } from '../../resources/students';
import { applyMask, PHONE_MASK } from '../../resources/text';
import { upper } from '../format';
import type { DuplicateKind, DuplicatePair, DuplicateRecord } from './types';

const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the office compares before choosing: the fields that tell two records of one person apart. */
function linesOf(kind: DuplicateKind, r: DuplicateRecord): [string, string][] {
  const cpf: [string, string] = ['CPF', r.cpf ? applyMask(r.cpf, CPF_MASK) : '—'];
  if (kind === 'guardians')
    return [
      cpf,
      ['Telefone', r.phone ? applyMask(r.phone, PHONE_MASK) : '—'],
      ['E-mail', dash(r.email)],
      ['Alunos vinculados', String(r.students ?? 0)],
      ['Portal das famílias', r.portal_account ? 'Tem acesso' : 'Sem acesso'],
    ];
  return [
    cpf,
    ['Data de nascimento', r.birth_date ? formatDate(r.birth_date) : '—'],
    ['Nome da mãe', r.name_mother ? upper(r.name_mother) : '—'],
    ['Matrículas', plural(r.registrations ?? 0, 'matrícula', 'matrículas')],
    ['Cobranças', plural(r.charges ?? 0, 'cobrança', 'cobranças')],
  ];
}

function RecordColumn({ kind, record, keep }: { kind: DuplicateKind; record: DuplicateRecord; keep: boolean }) {
  return (
    <Box
      component="section"
      aria-label={`Registro nº ${record.id}`}
      sx={{
        flex: '1 1 240px',
        border: 2,
        borderColor: keep ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 1.5,
        minWidth: 0,
      }}
    >
      <FormControlLabel
        value={String(record.id)}
        control={<Radio />}
        label={<Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{upper(record.name)}</Typography>}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Nº {record.id} · {keep ? 'fica' : 'será removido'}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.5 }}>
        {linesOf(kind, record).map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export interface MergeDialogProps {
  kind: DuplicateKind;
  /** The pair to merge; null: closed. */
  pair: DuplicatePair | null;
  busy?: boolean;
  onClose(): void;
  onConfirm(keep: number, from: number): void;
}

/**
 * "Unir": both records side by side and which one stays (the older one unless the office says otherwise). What the
 * other has — enrolments, charges, documents, links — moves to it, and the other is removed.
 */
export function MergeDialog({ kind, pair, busy = false, onClose, onConfirm }: MergeDialogProps) {
  const [keep, setKeep] = useState<number | null>(pair?.first.id ?? null);
  useEffect(() => setKeep(pair?.first.id ?? null), [pair]);
  if (!pair) return null;
  const from = keep === pair.first.id ? pair.second : pair.first;
  const what = kind === 'students' ? 'matrículas, cobranças, notas, documentos, responsáveis' : 'alunos vinculados';
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="unir-titulo">
      <DialogTitle id="unir-titulo">Unir registros duplicados</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Escolha o registro que fica. Tudo o que o outro tem ({what} e histórico) passa para ele, e o outro é removido.
          Os dados dos dois ficam guardados na auditoria.
        </Typography>
        <RadioGroup
          aria-label="Registro que fica"
          value={String(keep)}
          onChange={(event) => setKeep(Number(event.target.value))}
          sx={{ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', gap: 2 }}
        >
          <RecordColumn kind={kind} record={pair.first} keep={keep === pair.first.id} />
          <RecordColumn kind={kind} record={pair.second} keep={keep === pair.second.id} />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" disabled={busy || keep === null} onClick={() => onConfirm(keep!, from.id)}>
          Unir
        </Button>
      </DialogActions>
    </Dialog>
  );
}
