import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { saveBlob } from '../api/files';
import { AttendanceTable } from '../students/AttendanceTable';
import { portalApi, portalBlob, type Charge, type PortalDocument } from './api';
import { ChargesView } from './ChargesView';
import { DocumentsView, type DocumentsViewProps } from './DocumentsView';
import { PaymentDialog } from './PaymentDialog';
import { PortalLayout } from './PortalLayout';
import { ReEnrolmentCardFor } from './ReEnrolmentCard';
import { ReportCardView } from './ReportCardView';
import { usePortalSession } from './session';
import { StudentAvatar } from './StudentAvatar';
import { useLoad, type Loaded } from './useLoad';

const SECTIONS = ['Boletim', 'Frequência', 'Financeiro', 'Documentos'] as const;

/** A section's answer: loading, the server's words, or what it shows. */
function Shown<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  if (loaded.error) return <Alert severity="error">{loaded.error}</Alert>;
  if (loaded.data === null) return <Typography color="text.secondary">Carregando…</Typography>;
  return <>{children(loaded.data)}</>;
}

/** A file the server keeps (receipt, document): downloaded with the portal's token; a failure said on screen. */
async function download(path: string, name: string, failed: (message: string) => void) {
  try {
    saveBlob(await portalBlob(path), name);
  } catch (error) {
    failed(error instanceof Error ? error.message : 'Não foi possível baixar o arquivo.');
  }
}

function ReportCardSection({ id }: { id: number }) {
  // The current school year's card first; a student of several years may be looked up in another.
  const [yearId, setYearId] = useState<number | undefined>(undefined);
  const loaded = useLoad(() => portalApi.reportCard(id, yearId), [id, yearId]);
  return (
    <Shown loaded={loaded}>
      {(card) => (
        <Stack spacing={1.5}>
          {(card.years?.length ?? 0) > 1 && (
            <TextField
              select
              size="small"
              label="Ano letivo"
              value={card.school_year_id ?? ''}
              onChange={(event) => setYearId(Number(event.target.value))}
              sx={{ maxWidth: 180 }}
            >
              {card.years!.map((y) => (
                <MenuItem key={y.id} value={y.id}>
                  {y.year}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ReportCardView card={card} />
        </Stack>
      )}
    </Shown>
  );
}

function AttendanceSection({ id }: { id: number }) {
  const loaded = useLoad(() => portalApi.attendance(id), [id]);
  return <Shown loaded={loaded}>{(answer) => <AttendanceTable {...answer} />}</Shown>;
}

function ChargesSection({ id }: { id: number }) {
  const loaded = useLoad(() => portalApi.charges(id), [id]);
  const [paying, setPaying] = useState<Charge | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const receipt = (c: Charge) => void download(c.receipt_url!, `recibo-${c.id}.pdf`, setFailure);
  const invoice = (c: Charge) => void download(c.nfse!.url, `nota-fiscal-${c.nfse!.number}.pdf`, setFailure);
  return (
    <>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Shown loaded={loaded}>
        {(charges) => <ChargesView charges={charges} onPay={setPaying} onReceipt={receipt} onInvoice={invoice} />}
      </Shown>
      <PaymentDialog
        studentId={id}
        charge={paying}
        onClose={() => {
          setPaying(null);
          // Paid by PIX while the dialog was open: the list says so.
          loaded.reload();
        }}
      />
    </>
  );
}

function DocumentsSection({ id }: { id: number }) {
  const loaded = useLoad(() => portalApi.documents(id), [id]);
  const [requesting, setRequesting] = useState(false);
  const [notice, setNotice] = useState<DocumentsViewProps['notice']>(null);
  const failed = (text: string) => setNotice({ severity: 'error', text });
  const request = async () => {
    setRequesting(true);
    setNotice(null);
    try {
      const { document } = await portalApi.requestDeclaration(id);
      loaded.setData([document, ...(loaded.data ?? []).filter((d) => d.id !== document.id)]);
      setNotice({ severity: 'success', text: `${document.title} emitida. Baixe o PDF abaixo.` });
    } catch (error) {
      failed(error instanceof Error ? error.message : 'Não foi possível emitir a declaração.');
    } finally {
      setRequesting(false);
    }
  };
  const save = (d: PortalDocument) => void download(d.download_url, `${d.title} ${d.code}.pdf`, failed);
  return (
    <Shown loaded={loaded}>
      {(documents) => (
        <DocumentsView
          documents={documents}
          onDownload={save}
          onRequest={() => void request()}
          requesting={requesting}
          notice={notice}
        />
      )}
    </Shown>
  );
}

/** /portal/alunos/:id: the student's Boletim, Frequência, Financeiro and Documentos, one section at a time. */
export function StudentPage() {
  const id = Number(useParams().id);
  const { me } = usePortalSession();
  // `?secao=financeiro`: opened from the re-enrolment, to pay what holds it back.
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('secao') === 'financeiro' ? 2 : 0);
  const student = me?.students.find((s) => s.id === id);
  const Section = [ReportCardSection, AttendanceSection, ChargesSection, DocumentsSection][tab];
  return (
    <PortalLayout>
      <Button component={Link} to="/portal" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Alunos
      </Button>
      {me && !student ? (
        <Alert severity="warning">Aluno não encontrado.</Alert>
      ) : (
        <>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
            {student && <StudentAvatar name={student.name} photoUrl={student.photo_url} size={56} />}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {student?.name ?? 'Aluno'}
              </Typography>
              {student?.team && <Typography color="text.secondary">{student.team.name}</Typography>}
            </Box>
          </Stack>
          {student && <ReEnrolmentCardFor studentId={id} />}
          <Tabs
            value={tab}
            onChange={(_, v: number) => setTab(v)}
            variant="fullWidth"
            aria-label="Seções do aluno"
            sx={{
              borderBottom: 1,
              borderColor: 'divider',
              mb: 2,
              bgcolor: 'background.paper',
              // Four sections side by side on a 390 px phone: no capitals, little padding.
              '& .MuiTab-root': { minWidth: 0, px: { xs: 0.5, sm: 2 }, textTransform: 'none', fontSize: '0.95rem' },
            }}
          >
            {SECTIONS.map((label, i) => (
              <Tab key={label} label={label} id={`secao-${i}`} aria-controls="secao-painel" />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id="secao-painel"
            aria-labelledby={`secao-${tab}`}
            sx={{ bgcolor: 'background.paper', p: { xs: 1.5, sm: 2 }, borderRadius: 1 }}
          >
            {/* Asked only for a student of the account (the server would answer 404 for any other). */}
            {student ? <Section id={id} /> : <Typography color="text.secondary">Carregando…</Typography>}
          </Box>
        </>
      )}
    </PortalLayout>
  );
}
