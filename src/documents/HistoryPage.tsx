import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { schoolDayOf } from '../../resources/format';
import { UF_OPTIONS } from '../../resources/types';
import { useApi } from '../api/useApi';
import { fieldErrorsOf, useServerWrite } from '../components/serverErrors';
import { upper } from '../format';
import { MONTH_NAMES } from '../../resources/format';
import { HistoryPreview, type HistoryData, type HistoryPlace } from './HistoryPreview';
import { StoredPdf } from './StoredPdf';
import { useDocumentsStudent, type StudentDocument } from './student';

export const FILL_ALL = 'Por favor, preencha todos os campos.';

/** Today at the school, and the city, state and passing average of its settings (a form to correct, not to fill). */
export function defaultPlace(school: HistoryData['school'], today = schoolDayOf()): HistoryPlace {
  const [year, month, day] = today.split('-');
  return {
    city: school.city ?? '',
    uf: school.uf,
    day: String(Number(day)),
    month: String(Number(month)),
    year,
    average: school.average,
  };
}

/** The fields left empty (the server asks for all of them with the same words). */
export function missingFields(place: HistoryPlace): (keyof HistoryPlace)[] {
  return (['city', 'uf', 'day', 'month', 'year'] as const).filter((k) => !place[k].trim());
}

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** The editor of a history not issued yet: place, date and average, with the preview. */
function HistoryEditor({ studentId, teamId, data }: { studentId: string; teamId: string; data: HistoryData }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const api = useApi();
  const [place, setPlace] = useState<HistoryPlace>(() => defaultPlace(data.school));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof HistoryPlace, value: string) => {
    setPlace({ ...place, [key]: value });
    setErrors({ ...errors, [key]: '' });
  };
  const save = async () => {
    const missing = missingFields(place);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((k) => [k, FILL_ALL])));
      notify(FILL_ALL, { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const answer = await api.issueHistory(studentId, {
        team_id: Number(teamId),
        city: place.city.trim(),
        uf: place.uf,
        day: Number(place.day),
        month: Number(place.month),
        year: place.year,
        average: place.average.trim() || data.school.average,
      });
      notify(answer.message, { type: 'success' });
      // Back to the student, on the tab where the new history is listed.
      navigate(`/admin/alunos/${encodeURIComponent(studentId)}/editar?aba=documentos`);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      notify(error instanceof Error ? error.message : 'Erro ao gerar o histórico.', { type: 'error' });
      setSaving(false);
    }
  };
  const field = (key: keyof HistoryPlace) => ({
    error: Boolean(errors[key]),
    helperText: errors[key] || undefined,
    value: place[key],
  });
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 1fr 1fr 2fr 1fr 2fr' } }}>
        <TextField
          label="Cidade"
          required
          {...field('city')}
          onChange={(e) => set('city', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextField select label="UF" required {...field('uf')} onChange={(e) => set('uf', e.target.value)}>
          {UF_OPTIONS.map((o) => (
            <MenuItem key={String(o.value)} value={String(o.value)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Dia"
          required
          {...field('day')}
          onChange={(e) => set('day', digits(e.target.value, 2))}
          slotProps={{ htmlInput: { maxLength: 2, inputMode: 'numeric' } }}
        />
        <TextField select label="Mês" required {...field('month')} onChange={(e) => set('month', e.target.value)}>
          {MONTH_NAMES.map((m, i) => (
            <MenuItem key={m} value={String(i + 1)}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Ano"
          required
          {...field('year')}
          onChange={(e) => set('year', digits(e.target.value, 4))}
          slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' } }}
        />
        <TextField
          label="Média de aprovação"
          {...field('average')}
          onChange={(e) => set('average', e.target.value.replace(/[^\d.,]/g, '').slice(0, 6))}
        />
      </Box>
      {errors.team_id && <Alert severity="error">{errors.team_id}</Alert>}
      <HistoryPreview data={data} place={place} />
      <Stack direction="row" spacing={1} flexWrap="wrap">
        <Button
          variant="contained"
          startIcon={saving ? <CircularProgress size={18} /> : <SaveIcon />}
          disabled={saving}
          onClick={() => void save()}
        >
          Salvar notas no histórico
        </Button>
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} disabled={saving} onClick={() => void save()}>
          Gerar PDF
        </Button>
      </Stack>
    </Stack>
  );
}

interface Loaded {
  teamId: string;
  data: HistoryData;
  stored: StudentDocument | null;
}

/** 'Histórico escolar' of a student: a team's stored history, or the editor that issues it. */
export function HistoryPage() {
  const { student: studentId = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const { student, error } = useDocumentsStudent(studentId);
  const api = useApi();
  const write = useServerWrite();
  const queryClient = useQueryClient();
  const [teamId, setTeamId] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (team: string) => {
    setTeamId(team);
    setLoaded(null);
    if (!team) return;
    setBusy(true);
    try {
      // Under the student's key: a history issued or removed anywhere makes it read again.
      const answer = await queryClient.fetchQuery({
        queryKey: ['alunos', studentId, 'historico', team],
        queryFn: () => api.getHistoryData(studentId, team),
        retry: false,
      });
      setLoaded({ teamId: team, data: answer.data, stored: answer.stored });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Erro ao carregar o histórico.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (stored: StudentDocument) => {
    setBusy(true);
    await write(() => api.removeDocument(stored), { fallback: 'Erro ao apagar o histórico.', fields: [] });
    await load(teamId);
  };

  const teams = (student?.registrations ?? []).filter((r) => r.team);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Histórico escolar" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            Histórico escolar
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
            <TextField label="Aluno" value={upper(student?.name ?? '')} slotProps={{ htmlInput: { readOnly: true } }} />
            <TextField
              select
              label="Turma"
              value={teamId}
              onChange={(e) => void load(e.target.value)}
              helperText={student && teams.length === 0 ? 'Este aluno não tem matrícula em turma.' : undefined}
            >
              {teams.map((r) => (
                <MenuItem key={r.id} value={String(r.team!.id)}>
                  {upper(r.team!.name)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {busy && !loaded && <CircularProgress aria-label="Carregando" />}
          {loaded?.stored && (
            <StoredPdf
              document={loaded.stored}
              title="Histórico escolar emitido"
              deleteLabel="Apagar histórico"
              deleting={busy}
              onDelete={() => void remove(loaded.stored!)}
              onMissing={() => setLoaded({ ...loaded, stored: null })}
            />
          )}
          {loaded && !loaded.stored && (
            <HistoryEditor key={loaded.teamId} studentId={studentId} teamId={loaded.teamId} data={loaded.data} />
          )}
          <Box>
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
              Voltar
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
