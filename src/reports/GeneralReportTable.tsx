import {
  Box,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { Link } from 'react-router-dom';
import type { GeneralReportRow } from '../../reports/types';
import { upper } from '../format';

export type GeneralColumn = keyof Omit<GeneralReportRow, 'id'>;
export interface GeneralSort {
  by: GeneralColumn;
  desc: boolean;
}

const COLUMNS: { key: GeneralColumn; label: string }[] = [
  { key: 'student_id', label: 'Código' },
  { key: 'name', label: 'Aluno' },
  { key: 'team', label: 'Turma' },
  { key: 'polo', label: 'Polo' },
  { key: 'responsible', label: 'Responsável' },
  { key: 'grid', label: 'Grade' },
];
export const PER_PAGE_OPTIONS = [10, 25, 50, 100];

export interface GeneralReportTableProps {
  /** The page's rows; null before the first answer. */
  rows: GeneralReportRow[] | null;
  total: number;
  sort: GeneralSort;
  onSort: (column: GeneralColumn) => void;
  /** Zero-based, as MUI's pagination counts. */
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** One page of the general report, sorted and paged on the server; a student's name leads to the student. */
export function GeneralReportTable({
  rows,
  total,
  sort,
  onSort,
  page,
  perPage,
  onPage,
  onPerPage,
}: GeneralReportTableProps) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Relatório geral de alunos">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} sortDirection={sort.by === c.key ? (sort.desc ? 'desc' : 'asc') : false}>
                  <TableSortLabel
                    active={sort.by === c.key}
                    direction={sort.by === c.key && sort.desc ? 'desc' : 'asc'}
                    onClick={() => onSort(c.key)}
                  >
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>{row.student_id}</TableCell>
                <TableCell>
                  <MuiLink component={Link} to={`/admin/alunos/${row.student_id}/editar`}>
                    {upper(row.name)}
                  </MuiLink>
                </TableCell>
                <TableCell>{upper(row.team)}</TableCell>
                <TableCell>{upper(row.polo)}</TableCell>
                <TableCell>{row.responsible ?? ''}</TableCell>
                <TableCell>{upper(row.grid)}</TableCell>
              </TableRow>
            ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Box sx={{ py: 2, textAlign: 'center' }}>Nenhuma matrícula encontrada.</Box>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPageChange={(_, p) => onPage(p)}
        onRowsPerPageChange={(e) => onPerPage(Number(e.target.value))}
        labelRowsPerPage="Linhas por página:"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
        getItemAriaLabel={(type) =>
          ({ first: 'Primeira página', last: 'Última página', next: 'Próxima página', previous: 'Página anterior' })[
            type
          ]
        }
      />
    </>
  );
}
