import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Grid,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatDate } from '../format';
import { useApi } from '../api/useApi';
import { useFieldErrors, useServerWrite } from '../components/serverErrors';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { useAllows } from '../admin/useAllows';
import type { Enrolment } from './EnrolmentsTab';

export interface Book {
  id: number;
  registration_number: string;
  book_number: string;
  page_number: string;
  issue_date: string | null;
  certificate_seal_number: string | null;
  history_seal_number: string | null;
  team_id: number | null;
}

const EMPTY = {
  registration_number: '',
  book_number: '',
  page_number: '',
  issue_date: '',
  certificate_seal_number: '',
  history_seal_number: '',
  team_id: '',
};
const LABELS: [keyof typeof EMPTY, string][] = [
  ['registration_number', 'Registro'],
  ['book_number', 'Livro'],
  ['page_number', 'Folha'],
  ['issue_date', 'Data de expedição'],
  ['certificate_seal_number', 'Selo do certificado'],
  ['history_seal_number', 'Selo do histórico'],
];

/** Tab LIVROS: the registry-book entries of the student's certificate and history. */
export function BooksTab({
  studentId,
  books,
  enrolments,
}: {
  studentId: number;
  books: Book[];
  enrolments: Enrolment[];
}) {
  const api = useApi();
  const write = useServerWrite();
  const [values, setValues] = useState(EMPTY);
  const marks = useFieldErrors();
  const [removing, setRemoving] = useState<Book | null>(null);
  const canWrite = useAllows()('students.write');
  const change = (key: keyof typeof EMPTY, value: string) => {
    setValues({ ...values, [key]: value });
    marks.clear(key);
  };
  const save = async () => {
    const result = await write(() => api.addBook({ ...values, student_id: studentId }), {
      fallback: 'Erro ao registrar o livro.',
      fields: Object.keys(EMPTY),
    });
    if (result.ok) setValues(EMPTY);
    marks.setErrors(result.ok ? {} : result.errors);
  };
  const remove = async () => {
    if (removing) await write(() => api.removeBook(removing.id), { fallback: 'Erro ao remover o livro.', fields: [] });
    setRemoving(null);
  };
  return (
    <>
      {canWrite && (
        <Grid container spacing={1.5} sx={{ mb: 2 }}>
          {LABELS.map(([key, label]) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                label={label}
                value={values[key]}
                onChange={(e) => change(key, e.target.value)}
                fullWidth
                {...marks.props(key)}
                type={key === 'issue_date' ? 'date' : 'text'}
                slotProps={key === 'issue_date' ? { inputLabel: { shrink: true } } : undefined}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField
              select
              label="Turma"
              value={values.team_id}
              onChange={(e) => change('team_id', e.target.value)}
              fullWidth
              {...marks.props('team_id')}
            >
              <MenuItem value="">-- Selecione --</MenuItem>
              {enrolments.map((e) => (
                <MenuItem key={e.team.id} value={String(e.team.id)}>
                  {e.team.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <Button variant="contained" onClick={() => void save()}>
              Registrar livro
            </Button>
          </Grid>
        </Grid>
      )}
      {books.length === 0 ? (
        <Typography>Nenhum livro registrado para este aluno.</Typography>
      ) : (
        <Table size="small" aria-label="Livros">
          <TableHead>
            <TableRow>
              {['Registro', 'Livro', 'Folha', 'Expedição', 'Selo do certificado', 'Selo do histórico', ''].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {books.map((b) => (
              <TableRow key={b.id}>
                <TableCell>{b.registration_number}</TableCell>
                <TableCell>{b.book_number}</TableCell>
                <TableCell>{b.page_number}</TableCell>
                <TableCell>{formatDate(b.issue_date)}</TableCell>
                <TableCell>{b.certificate_seal_number}</TableCell>
                <TableCell>{b.history_seal_number}</TableCell>
                <TableCell>
                  {canWrite && (
                    <IconButton
                      aria-label={`Remover livro ${b.book_number}`}
                      color="error"
                      onClick={() => setRemoving(b)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
