import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { priorStudyFields, registrationOriginFields } from '../../resources/registrations';
import type { FieldConfig } from '../../resources/types';
import { useApi } from '../api/useApi';
import { useServerWrite, type FieldErrors } from '../components/serverErrors';

export interface OriginOf {
  id: number;
  number: string;
  origin_school?: string | null;
  origin_city?: string | null;
  origin_uf?: string | null;
}

type Values = Record<string, string>;

/** The inputs of some fields from their configs, the server's words under each in red. */
function Fields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly FieldConfig[];
  values: Values;
  errors: FieldErrors;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap flexWrap="wrap">
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          value={values[field.name] ?? ''}
          required={field.required === true}
          select={field.type === 'select'}
          type={field.type === 'integer' ? 'number' : 'text'}
          onChange={(event) => onChange(field.name, event.target.value)}
          error={Boolean(errors[field.name])}
          helperText={errors[field.name]}
          sx={{ flex: field.type === 'text' ? 2 : 1, minWidth: field.type === 'text' ? 180 : 100 }}
        >
          {field.type === 'select'
            ? (field.options ?? []).map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))
            : undefined}
        </TextField>
      ))}
    </Stack>
  );
}

/**
 * "Escola de origem" of an enrolment (issue 38): where an arriving student came from (saved on the enrolment) and the
 * grades brought from there, per year/series and discipline, which the history prints as studies done elsewhere.
 */
export function OriginDialog({ enrolment, onClose }: { enrolment: OriginOf; onClose: () => void }) {
  const api = useApi();
  const write = useServerWrite();
  const client = useQueryClient();
  const key = ['alunos', 'registrations', enrolment.id, 'prior-studies'];
  const studies = useQuery({ queryKey: key, queryFn: () => api.getPriorStudies(enrolment.id) });
  const [origin, setOrigin] = useState<Values>({
    origin_school: enrolment.origin_school ?? '',
    origin_city: enrolment.origin_city ?? '',
    origin_uf: enrolment.origin_uf ?? '',
  });
  const [originErrors, setOriginErrors] = useState<FieldErrors>({});
  const [study, setStudy] = useState<Values>({});
  const [studyErrors, setStudyErrors] = useState<FieldErrors>({});
  const originNames = registrationOriginFields.map((f) => f.name);
  const saveOrigin = useMutation({
    mutationFn: () =>
      write(
        () =>
          api.saveEnrolmentOrigin(
            enrolment.id,
            Object.fromEntries(originNames.map((name) => [name, origin[name] || null])),
          ),
        { fallback: 'Erro ao salvar a escola de origem.', fields: originNames },
      ),
    onSuccess: (result) => setOriginErrors(result.ok ? {} : result.errors),
  });
  const addStudy = useMutation({
    mutationFn: () =>
      write(() => api.addPriorStudy(enrolment.id, { ...study, hours: study.hours || null }), {
        fallback: 'Erro ao registrar a nota.',
        fields: priorStudyFields.map((f) => f.name),
      }),
    onSuccess: async (result) => {
      setStudyErrors(result.ok ? {} : result.errors);
      if (result.ok) setStudy({ year: study.year ?? '', series: study.series ?? '' });
      await client.invalidateQueries({ queryKey: key });
    },
  });
  const removeStudy = useMutation({
    mutationFn: (id: number) =>
      write(() => api.removePriorStudy(enrolment.id, id), { fallback: 'Erro ao remover a nota.', fields: [] }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const titleId = `origem-${enrolment.id}-titulo`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Escola de origem — matrícula {enrolment.number}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Fields
            fields={registrationOriginFields}
            values={origin}
            errors={originErrors}
            onChange={(name, value) => setOrigin({ ...origin, [name]: value })}
          />
          <div>
            <Button onClick={() => saveOrigin.mutate()} disabled={saveOrigin.isPending}>
              Salvar escola de origem
            </Button>
          </div>
          <Typography variant="subtitle1" component="h3">
            Notas trazidas da escola de origem (saem no histórico)
          </Typography>
          {studies.data?.length ? (
            <Table size="small" aria-label="Notas da escola de origem">
              <TableHead>
                <TableRow>
                  {priorStudyFields.map((f) => (
                    <TableCell key={f.name}>{f.label}</TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {studies.data.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{s.year}</TableCell>
                    <TableCell>{s.series}</TableCell>
                    <TableCell>{s.discipline}</TableCell>
                    <TableCell>{s.grade}</TableCell>
                    <TableCell>{s.hours ? `${s.hours} h` : '—'}</TableCell>
                    <TableCell padding="none">
                      <IconButton
                        aria-label={`Remover ${s.discipline} (${s.year})`}
                        color="error"
                        onClick={() => removeStudy.mutate(s.id)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography variant="body2">{studies.isPending ? 'Carregando…' : 'Nenhuma nota registrada.'}</Typography>
          )}
          <Fields
            fields={priorStudyFields}
            values={study}
            errors={studyErrors}
            onChange={(name, value) => setStudy({ ...study, [name]: value })}
          />
          <div>
            <Button variant="outlined" onClick={() => addStudy.mutate()} disabled={addStudy.isPending}>
              Adicionar nota
            </Button>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
