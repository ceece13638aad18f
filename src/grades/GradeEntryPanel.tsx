import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatGrade, parseGrade, registrationNumber } from '../../resources/format';
import type { AppDataProvider } from '../../dataProvider';
import type { FullGrid } from '../../dataProvider/grades';
import { useApi } from '../api/useApi';
import { useBranding } from '../branding';
import { upper } from '../format';
import { GradeGrid, type SheetStage, type SheetStudent } from './GradeGrid';
import { apiGrade, GRADE_HELP, invalidCells, normalizeGrade, type Values } from './grid-logic';
import { useConfirmLeave } from './useConfirmLeave';
import { useAllows } from '../admin/useAllows';

interface Sheet {
  discipline: { id: number; name: string };
  students: SheetStudent[];
  stages: SheetStage[];
  values: Values;
}

export const READ_ONLY_NOTE = 'Somente consulta: o seu perfil vê as notas, mas não as lança.';

export const INVALID_SHEET =
  'Há notas inválidas (marcadas em vermelho, com o motivo na célula): corrija-as antes de salvar. Nada foi salvo.';

/** The sheet's discipline in the full grid: its name (the key) and its stages, in column order. */
function disciplineOf(
  grid: FullGrid,
  disciplineId: string,
): { discipline: { id: number; name: string }; stages: SheetStage[] } | null {
  for (const [name, slots] of Object.entries(grid.list ?? {})) {
    const own = slots.filter((s) => s.stage_id !== undefined && String(s.discipline_id) === disciplineId);
    if (own.length)
      return {
        discipline: { id: Number(disciplineId), name },
        stages: own.map((s) => ({ id: s.stage_id!, stage: s.stage! })),
      };
  }
  return null;
}

async function loadSheet(api: AppDataProvider, teamId: string, disciplineId: string): Promise<Sheet | null> {
  const [students, grid, grades] = await Promise.all([
    api.getTeamStudents(teamId),
    api.getDisciplineGrid(teamId, disciplineId),
    api.getTeamGrades(teamId),
  ]);
  const entry = disciplineOf(grid, disciplineId);
  if (!entry) return null;
  // One row per student, however many enrolments, with the registration number(s) that tell namesakes
  // apart: upper case, alphabetical, then by registration.
  const byId = new Map<number, SheetStudent>();
  for (const r of students.registrations) {
    const known = byId.get(r.student.id);
    const number = registrationNumber(r.id);
    byId.set(
      r.student.id,
      known
        ? { ...known, registration: `${known.registration}, ${number}` }
        : { id: r.student.id, name: upper(r.student.name), registration: number },
    );
  }
  const sheetStudents = [...byId.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'pt-BR') || (a.registration ?? '').localeCompare(b.registration ?? ''),
  );
  const stored = new Map(
    grades
      .filter((g) => g.discipline_id === entry.discipline.id)
      .map((g) => {
        const tenths = parseGrade(g.grade);
        return [`${g.student_id}:${g.stage_id}`, tenths === null ? String(g.grade) : formatGrade(tenths)];
      }),
  );
  return {
    discipline: entry.discipline,
    students: sheetStudents,
    stages: entry.stages,
    values: sheetStudents.map((s) => entry.stages.map((st) => stored.get(`${s.id}:${st.id}`) ?? '')),
  };
}

/** The cells a 422 names (`grade[student][stage][discipline][team]`), by `row:col`, with the server's words. */
function refusedCells(sheet: Sheet, teamId: number, body: unknown): Record<string, string> {
  const errors = (body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  const found: Record<string, string> = {};
  sheet.students.forEach((student, r) =>
    sheet.stages.forEach((stage, c) => {
      const message = errors[`grade[${student.id}][${stage.id}][${sheet.discipline.id}][${teamId}]`]?.[0];
      if (message) found[`${r}:${c}`] = message;
    }),
  );
  return found;
}

/** turmas/{id}/disciplinas/{discipline}/alunos: the grade sheet of one discipline of a team. */
export function GradeEntryPanel() {
  const { id = '', discipline = '' } = useParams();
  const notify = useNotify();
  const api = useApi();
  const { average_grade } = useBranding();
  // A role that reads the grades but does not enter them (Direção, Financeiro) sees them, with nothing to save.
  const readOnly = !useAllows()('grades.write');
  const [sheet, setSheet] = useState<Sheet | null | undefined>(undefined);
  const [values, setValues] = useState<Values>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<Record<string, string>>({});
  // Why the last save did not happen, beside the button at once (toasts queue behind the info toast).
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const loaded = await loadSheet(api, id, discipline);
      setSheet(loaded);
      setValues(loaded?.values ?? []);
      setRefused({});
      setProblem(null);
      // Read-only, nothing is being entered: the note on the sheet says so instead.
      if (loaded && !readOnly) notify(`Lançando notas de ${upper(loaded.discipline.name)}`, { type: 'info' });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Erro ao carregar as notas.');
    }
  }, [api, id, discipline, notify, readOnly]);

  useEffect(() => {
    setSheet(undefined);
    void load();
  }, [load]);

  const dirty = useMemo(
    () => !!sheet && values.some((row, r) => row.some((cell, c) => normalizeGrade(cell) !== sheet.values[r][c])),
    [sheet, values],
  );
  useConfirmLeave(dirty);

  const save = async () => {
    if (!sheet) return;
    if (invalidCells(values).length) {
      setProblem(INVALID_SHEET);
      notify(INVALID_SHEET, { type: 'error' });
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const grades = sheet.students.flatMap((student, r) =>
        sheet.stages.map((stage, c) => ({
          student_id: student.id,
          stage_id: stage.id,
          discipline_id: sheet.discipline.id,
          team_id: Number(id),
          grade: apiGrade(values[r][c]),
        })),
      );
      const answer = await api.saveGrades(grades);
      // Saved as the roll call is: a toast, and the sheet as stored is the new starting point (nothing unsaved),
      // with no dialog to close before the next discipline.
      const stored = values.map((row) => row.map(normalizeGrade));
      setSheet({ ...sheet, values: stored });
      setValues(stored);
      setRefused({});
      notify(answer.message, { type: 'success' });
    } catch (e) {
      const body = (e as { body?: unknown } | null)?.body;
      if (body) setRefused(refusedCells(sheet, Number(id), body));
      const message = e instanceof Error ? e.message : 'Erro ao salvar as notas.';
      setProblem(message);
      notify(message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  if (error) return <Alert severity="error">{error}</Alert>;
  if (sheet === undefined) return <CircularProgress aria-label="Carregando notas" />;
  if (sheet === null) return <Alert severity="warning">Esta disciplina não faz parte da grade desta turma.</Alert>;
  const invalid = invalidCells(values).length + Object.keys(refused).length;
  const change = (next: Values) => {
    // A refused cell is marked until it is changed.
    setRefused((old) =>
      Object.fromEntries(
        Object.entries(old).filter(([key]) => {
          const [r, c] = key.split(':').map(Number);
          return next[r]?.[c] === values[r]?.[c];
        }),
      ),
    );
    setProblem(null);
    setValues(next);
  };
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {upper(sheet.discipline.name)}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {readOnly ? READ_ONLY_NOTE : GRADE_HELP}
      </Typography>
      {sheet.students.length === 0 ? (
        <Alert severity="info">Nenhum aluno matriculado nesta turma.</Alert>
      ) : (
        <GradeGrid
          students={sheet.students}
          stages={sheet.stages}
          values={values}
          onChange={change}
          passingAverage={average_grade}
          disabled={saving}
          readOnly={readOnly}
          refused={refused}
        />
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        {!readOnly && (
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            onClick={() => void save()}
            disabled={saving || sheet.students.length === 0}
          >
            SALVAR NOTAS
          </Button>
        )}
        {invalid > 0 && (
          <Typography color="error" variant="body2">
            {invalid === 1 ? '1 nota inválida' : `${invalid} notas inválidas`}
          </Typography>
        )}
        {dirty && invalid === 0 && (
          <Typography color="text.secondary" variant="body2">
            Alterações não salvas
          </Typography>
        )}
        <Typography color="text.secondary" variant="body2" sx={{ ml: 'auto' }}>
          Média de aprovação: {formatGrade(Math.round(average_grade * 10))}
        </Typography>
      </Box>
    </Box>
  );
}
