import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { portalApi, type Charge, type ReEnrolment } from './api';
import { PaymentDialog } from './PaymentDialog';
import { PortalLayout } from './PortalLayout';
import { ReEnrolmentStepper, type ReEnrolmentActions } from './ReEnrolmentStepper';
import { useLoad } from './useLoad';

/** The SHA-256 of the bytes read, in hex: what the signature says was shown (WebCrypto, in the browser). */
async function sha256Of(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const POPUP_BLOCKED = 'O navegador não abriu a janela do contrato: permita janelas deste site e toque de novo.';

/** /portal/alunos/:id/rematricula: the stepper, wired to the portal's calls. */
export function ReEnrolmentPage() {
  const id = Number(useParams().id);
  const loaded = useLoad(() => portalApi.reEnrolment(id), [id]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [sha256, setSha256] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [paying, setPaying] = useState<Charge | null>(null);

  /** One call at a time; the server's words on a refusal, the new state on success. */
  const run = async (work: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await work();
      if (answer && typeof answer === 'object' && 'next' in answer) loaded.setData(answer as ReEnrolment);
      else loaded.reload();
      if (success) setNotice({ severity: 'success', text: success });
    } catch (error) {
      setNotice({ severity: 'error', text: error instanceof Error ? error.message : 'Não foi possível concluir.' });
    } finally {
      setBusy(false);
    }
  };

  const r = loaded.data;
  const actions: ReEnrolmentActions = {
    onSaveData: (changes) => void run(() => portalApi.saveReEnrolment(id, { changes }), 'Dados confirmados.'),
    onUpload: (name, file) => void run(() => portalApi.uploadReEnrolmentDocument(id, name, file), `${name}: enviado.`),
    onChoosePlan: (planId) => void run(() => portalApi.saveReEnrolment(id, { plan_id: planId }), 'Plano escolhido.'),
    onReadContract: () => {
      // Opened in the click itself: a phone's browser blocks, as a pop-up, a window opened after an await. The
      // contract goes into it once downloaded; it holds no reference back to the portal.
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      void run(async () => {
        if (!tab) throw new Error(POPUP_BLOCKED);
        try {
          const blob = await portalApi.reEnrolmentContract(id);
          setSha256(await sha256Of(blob));
          tab.location.href = URL.createObjectURL(blob);
        } catch (error) {
          tab.close();
          throw error;
        }
      });
    },
    onSendCode: () =>
      void run(async () => {
        const { sent_to } = await portalApi.sendSignCode(id);
        setSentTo(sent_to);
        return null;
      }),
    onSign: (code) =>
      void run(async () => {
        if (!sha256) throw new Error('Abra o contrato antes de assinar.');
        await portalApi.sign(id, code, sha256);
      }, 'Contrato assinado.'),
    onPay: () => {
      const charge = r?.first_charge;
      if (!charge) return;
      setPaying({
        id: charge.id,
        description: `1ª parcela — Rematrícula ${r.campaign.year}`,
        due_date: charge.due_date,
        value: charge.value,
        amount_due_today: charge.value,
        overdue: false,
        paid_at: null,
        paid_value: null,
        payment_method: null,
        receipt_url: null,
      });
    },
    onSubmit: () => void run(() => portalApi.submitReEnrolment(id), 'Enviada à secretaria.'),
  };
  return (
    <PortalLayout>
      <Button component={Link} to={`/portal/alunos/${id}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Aluno
      </Button>
      {loaded.error && <Alert severity="info">{loaded.error}</Alert>}
      {!r && !loaded.error && <Typography color="text.secondary">Carregando…</Typography>}
      {r && (
        <ReEnrolmentStepper
          key={`${r.id}-${r.next}`}
          reEnrolment={r}
          busy={busy}
          contractRead={sha256 !== null || r.contract.signed_code !== null}
          codeSentTo={sentTo}
          notice={notice}
          actions={actions}
        />
      )}
      <PaymentDialog
        studentId={id}
        charge={paying}
        onClose={() => {
          setPaying(null);
          loaded.reload();
        }}
      />
    </PortalLayout>
  );
}
