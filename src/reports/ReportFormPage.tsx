import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FileReport } from '../../reports/types';
import { confirmedPath, downloadReport } from './download';
import { SchoolYearSelect, useSchoolYearChoice } from '../school-year/SchoolYearSelect';
import { ReportFieldInput } from './ReportFieldInput';
import { initialValues, reportRequest, valuesFromQuery, type FieldValue, type FormValues } from './values';

/** A report's form, generated from its registry entry: its fields, Gerar, Limpar and Voltar (spec: Report forms). */
export function ReportFormPage({ report }: { report: FileReport }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a link that names the charges (the FINANCEIRO dashboard), the form starts filled with them.
  const [values, setValues] = useState<FormValues>(() => ({
    ...initialValues(report),
    ...valuesFromQuery(report, location.search),
  }));
  const [missing, setMissing] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** A file the server makes only once the person confirms what it warned of. */
  const [asked, setAsked] = useState<{ message: string; path: string; fileName: string } | null>(null);
  // State changes only show on the next render: a second click in between must not start a second file.
  const running = useRef(false);
  /** The code of the document just issued (a declaration, a completion statement), shown until the next file. */
  const [issued, setIssued] = useState<string | null>(null);
  const year = useSchoolYearChoice();
  const picksTeams = report.fields.some((f) => f.kind === 'team' || f.kind === 'teams');

  const change = (name: string, value: FieldValue) => {
    setValues((previous) => {
      const next = { ...previous, [name]: value };
      // The student changed: the team chosen among the previous student's enrolments no longer applies.
      for (const f of report.fields) if (f.dependsOn === name) next[f.name] = null;
      return next;
    });
    setMissing((m) => m.filter((n) => n !== name));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const generate = async () => {
    if (running.current) return;
    const request = reportRequest(report, values);
    if (!request.ok) {
      setMissing(request.missing);
      setErrors(request.errors);
      notify(request.missing.length ? report.requiredMessage : Object.values(request.errors)[0], { type: 'warning' });
      return;
    }
    await download(request.path, request.fileName);
  };

  const download = async (path: string, fileName: string) => {
    running.current = true;
    setBusy(true);
    setIssued(null);
    try {
      const outcome = await downloadReport(report, path, fileName);
      if (outcome.kind === 'saved') {
        notify(`Arquivo ${outcome.fileName} gerado.`, { type: 'success' });
        setIssued(outcome.code ?? null);
      } else if (outcome.kind === 'confirm')
        setAsked({ message: outcome.message, path: confirmedPath(path), fileName });
      else notify(outcome.message, { type: outcome.kind === 'warning' ? 'warning' : 'error' });
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const confirm = () => {
    const request = asked;
    setAsked(null);
    if (request && !running.current) void download(request.path, request.fileName);
  };

  const clear = () => {
    setValues(initialValues(report));
    setMissing([]);
    setErrors({});
  };
  // Opened straight from an address there is nothing to go back to: the dashboard holds the report cards.
  const back = () => (location.key === 'default' ? navigate('/admin/dashboard') : navigate(-1));

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={report.title} />
      <CardContent>
        <Stack
          spacing={2}
          component="form"
          noValidate
          aria-label={report.title}
          onSubmit={(e) => {
            e.preventDefault();
            void generate();
          }}
        >
          <Typography variant="h6" component="h1">
            {report.title}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: report.fields.length > 3 ? '1fr 1fr 1fr' : '1fr 1fr' },
            }}
          >
            {/* A team is looked for among the current school year's, or the year the office chooses. */}
            {picksTeams && <SchoolYearSelect value={year.id} onChange={year.choose} />}
            {report.fields.map((field) => (
              <ReportFieldInput
                key={field.name}
                field={field}
                schoolYearId={year.id}
                values={values}
                error={errors[field.name]}
                missing={missing.includes(field.name)}
                onChange={change}
              />
            ))}
          </Box>
          {busy && <LinearProgress aria-label="Gerando o arquivo" />}
          {issued && (
            <Alert severity="success" role="status">
              <AlertTitle>Documento emitido</AlertTitle>
              Código de validação: <strong>{issued}</strong>. Qualquer pessoa confere o documento em{' '}
              <a href={`/verificar/${encodeURIComponent(issued)}`} target="_blank" rel="noreferrer">
                /verificar/{issued}
              </a>{' '}
              ou pelo QR code impresso nele.
            </Alert>
          )}
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              aria-busy={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
            >
              {busy ? 'Gerando…' : 'Gerar'}
            </Button>
            <Button variant="outlined" startIcon={<ClearIcon />} disabled={busy} onClick={clear}>
              Limpar
            </Button>
            <Button startIcon={<ArrowBackIcon />} onClick={back}>
              Voltar
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <Dialog open={asked !== null} onClose={() => setAsked(null)} aria-labelledby="report-confirm-title">
        <DialogTitle id="report-confirm-title">Confirmar a emissão</DialogTitle>
        <DialogContent>
          <DialogContentText>{asked?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)}>Cancelar</Button>
          <Button variant="contained" onClick={confirm}>
            Emitir mesmo assim
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
