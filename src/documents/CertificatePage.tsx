import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate, formatLongDate, registrationNumber, schoolDayOf } from '../../resources/format';
import { CPF_MASK } from '../../resources/students';
import { applyMask } from '../../resources/text';
import { CHOOSE_TEXT_AND_REGISTRATION } from '../../resources/documents';
import { fillYear } from '../../resources/text-documents';
import { useApi } from '../api/useApi';
import { useBranding } from '../branding';
import { fieldErrorsOf, useServerWrite } from '../components/serverErrors';
import { upper } from '../format';
import { CertificatePreview } from './CertificatePreview';
import { SimpleCertificateForm, type TextTemplate } from './SimpleCertificateForm';
import { useIssueCertificate } from './useIssueCertificate';
import { StoredPdf } from './StoredPdf';
import { useDocumentsStudent, type DocumentsStudent, type StudentDocument } from './student';

export const CODE_PENDING = 'gerado ao salvar';

const NO_TEMPLATES: TextTemplate[] = [];

/** 'CPF …, nascido(a) em …, natural de …': the data line the server prints when 'Linha 2' is left as is. */
export function infoLineOf(student: Pick<DocumentsStudent, 'cpf' | 'birth_date' | 'naturalness'>): string {
  return [
    student.cpf ? `CPF ${applyMask(student.cpf, CPF_MASK)}` : '',
    student.birth_date ? `nascido(a) em ${formatDate(student.birth_date)}` : '',
    student.naturalness ? `natural de ${student.naturalness}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** 'Ananindeua - Pará, 23 de novembro de 2026': the school's city (its settings) and today at the school. */
export function dateLineOf(city: string | null, today = schoolDayOf()): string {
  return `${city ? `${city}, ` : ''}${formatLongDate(today)}`;
}

const redField = {
  '& .MuiInputBase-input': { color: 'error.main', fontWeight: 700 },
  '& .MuiInputLabel-root': { color: 'error.main' },
  '& .MuiOutlinedInput-notchedOutline': { borderColor: 'error.main' },
} as const;

/** 'Criando Certificado': preview on the left, the 'Frente' / 'Verso' editor on the right (spec §2). */
export function CertificatePage() {
  const { student: studentId = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const branding = useBranding();
  const { student, error, reload } = useDocumentsStudent(studentId);
  const api = useApi();
  const write = useServerWrite();
  // The school's texts, by name, shared with every screen of the resource (Ensinos › Documentos).
  const { data: templates = NO_TEMPLATES, error: templatesError } = useQuery({
    queryKey: ['ensinos/documentos', 'todos'],
    queryFn: () => api.getTextTemplates(),
    retry: false,
  });
  const [registration, setRegistration] = useState('');
  const [template, setTemplate] = useState('');
  const [text, setText] = useState('');
  const [line2, setLine2] = useState<string | null>(null);
  const [line3, setLine3] = useState<string | null>(null);
  const [backText, setBackText] = useState('');
  const [backNote, setBackNote] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [missingFile, setMissingFile] = useState<number | null>(null);
  const [mode, setMode] = useState<'editor' | 'simple'>('editor');
  const { issue, dialog } = useIssueCertificate(studentId);

  useEffect(() => {
    if (templatesError)
      notify(templatesError.message || 'Erro ao carregar os textos de documentos.', { type: 'error' });
  }, [templatesError, notify]);

  const info = line2 ?? (student ? infoLineOf(student) : '');
  const date = line3 ?? dateLineOf(branding.city);
  const stored: StudentDocument | undefined = student?.documents.find(
    (d) =>
      d.type === 'CERTIFICATE' && String(d.registration_id) === registration && d.id !== missingFile && !d.revoked_at,
  );

  const chooseTemplate = (id: string) => {
    setTemplate(id);
    setErrors({ ...errors, text_document_id: '' });
    const chosen = templates.find((t) => String(t.id) === id);
    if (chosen) setText(fillYear(chosen.content));
  };
  const generate = async () => {
    if (!registration || !template) {
      setErrors({
        registration_id: registration ? '' : CHOOSE_TEXT_AND_REGISTRATION,
        text_document_id: template ? '' : CHOOSE_TEXT_AND_REGISTRATION,
      });
      notify(CHOOSE_TEXT_AND_REGISTRATION, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const issued = await issue({
        registration_id: Number(registration),
        text_document_id: Number(template),
        text,
        line2: info,
        // Left as shown, the server writes the date line itself, with the school's city as it is now.
        line3: line3 ?? undefined,
        back_text: backText,
        back_note: backNote,
      });
      if (!issued) return;
      setCode(issued.code);
      setErrors({});
      await reload();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
      notify(e instanceof Error ? e.message : 'Erro ao gerar o certificado.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (document: StudentDocument) => {
    setBusy(true);
    // The server's message as a toast, and the student read again (react-admin's refresh).
    const result = await write(() => api.removeDocument(document), {
      fallback: 'Erro ao apagar o certificado.',
      fields: [],
    });
    if (result.ok) setCode(null);
    setBusy(false);
  };
  const errorOf = (name: string) => ({ error: Boolean(errors[name]), helperText: errors[name] || undefined });

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Criando Certificado" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            Criando Certificado
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {!stored && (
            <Tabs value={mode} onChange={(_e, next: 'editor' | 'simple') => setMode(next)} aria-label="Modo de criação">
              <Tab value="editor" label="Editor completo" />
              <Tab value="simple" label="Texto e número da matrícula" />
            </Tabs>
          )}
          {stored ? (
            <StoredPdf
              document={stored}
              title="Certificado emitido"
              deleteLabel="Apagar Certificado"
              deleting={busy}
              onDelete={() => void remove(stored)}
              onMissing={() => setMissingFile(stored.id)}
            />
          ) : mode === 'simple' ? (
            <SimpleCertificateForm
              templates={templates}
              issue={issue}
              onIssued={(id) => {
                setRegistration(String(id));
                void reload();
              }}
            />
          ) : (
            <Box
              sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, alignItems: 'start' }}
            >
              <CertificatePreview
                name={student?.name ?? ''}
                infoLine={info}
                text={text}
                codeLine={`Código de validação: ${code ?? CODE_PENDING}`}
                dateLine={date}
              />
              <Box>
                <Accordion defaultExpanded disableGutters>
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>Frente</AccordionSummary>
                  <AccordionDetails>
                    <Stack spacing={2}>
                      <TextField
                        select
                        label="Matrícula(s)"
                        value={registration}
                        onChange={(e) => {
                          setRegistration(e.target.value);
                          setErrors({ ...errors, registration_id: '' });
                        }}
                        {...errorOf('registration_id')}
                      >
                        <MenuItem value="" disabled>
                          -- Selecione --
                        </MenuItem>
                        {(student?.registrations ?? []).map((r) => (
                          <MenuItem key={r.id} value={String(r.id)}>
                            {`${r.number || registrationNumber(r.id)} / ${upper(r.team?.name ?? '')}`}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        select
                        label="Texto de Documentos"
                        value={template}
                        onChange={(e) => chooseTemplate(e.target.value)}
                        {...errorOf('text_document_id')}
                      >
                        <MenuItem value="" disabled>
                          -- Selecione --
                        </MenuItem>
                        {templates.map((t) => (
                          <MenuItem key={t.id} value={String(t.id)}>
                            {t.name}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        label="Linha 1"
                        multiline
                        rows={8}
                        value={text}
                        onChange={(e) => setText(e.target.value)}
                        {...errorOf('text')}
                      />
                      <TextField
                        label="Linha 2"
                        value={info}
                        onChange={(e) => setLine2(e.target.value)}
                        {...errorOf('line2')}
                      />
                      <TextField
                        label="Linha 3"
                        value={date}
                        onChange={(e) => setLine3(e.target.value)}
                        {...errorOf('line3')}
                      />
                      <TextField
                        label="Código Validador"
                        value={code ?? CODE_PENDING}
                        sx={redField}
                        slotProps={{ htmlInput: { readOnly: true } }}
                      />
                    </Stack>
                  </AccordionDetails>
                </Accordion>
                <Accordion disableGutters>
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>Verso</AccordionSummary>
                  <AccordionDetails>
                    <Stack spacing={2}>
                      <TextField
                        label="Linha 1"
                        multiline
                        rows={4}
                        value={backText}
                        onChange={(e) => setBackText(e.target.value)}
                        {...errorOf('back_text')}
                        helperText={
                          errors.back_text || 'Em branco: o registro do primeiro livro do aluno (ou o texto padrão).'
                        }
                      />
                      <TextField
                        label="Linha 2 (observação)"
                        value={backNote}
                        onChange={(e) => setBackNote(e.target.value)}
                        {...errorOf('back_note')}
                      />
                    </Stack>
                  </AccordionDetails>
                </Accordion>
              </Box>
            </Box>
          )}
          <Stack direction="row" spacing={1}>
            {!stored && mode === 'editor' && (
              <Button
                variant="contained"
                startIcon={busy ? <CircularProgress size={18} /> : <PictureAsPdfIcon />}
                disabled={busy}
                onClick={() => void generate()}
              >
                Gerar PDF
              </Button>
            )}
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
              Voltar
            </Button>
          </Stack>
        </Stack>
        {dialog}
      </CardContent>
    </Card>
  );
}
