import DownloadIcon from '@mui/icons-material/FileDownload';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Accordion, AccordionDetails, AccordionSummary, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { plural } from '../../resources/format';
import { useAllows } from '../admin/useAllows';
import { apiBlob, saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { ChargeInvoice } from '../invoices/ChargeInvoice';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { AddChargeForm } from './AddChargeForm';
import { ApplyPlanDialog } from './ApplyPlanDialog';
import { chargeState, NO_CHARGE_SELECTED, type Charge, type FinanceEnrolment } from './charges';
import { EditChargeDialog } from './EditChargeDialog';
import { NO_URL, PaymentDialog, type PaymentMethod } from './PaymentDialog';
import { PendenciesTable, type PayAction } from './PendenciesTable';
import { useFinanceCall, useFinanceLookups } from './useFinanceCall';

/** A download of `/api/exports/...`, told to the user in words when it fails. */
function useDownload() {
  const notify = useNotify();
  return async (path: string, name: string) => {
    try {
      saveBlob(await apiBlob(path), name);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Erro ao baixar o arquivo.', { type: 'error' });
    }
  };
}

/** Card checkout (`POST /mercadopago/preference/{id}`): its link opens in a new tab. */
function useCardLink() {
  const call = useFinanceCall();
  const api = useApi();
  const notify = useNotify();
  return async (charge: Charge) => {
    const result = await call(() => api.openCardCheckout(charge.id), 'Erro ao gerar o link de pagamento.', {
      quiet: true,
    });
    if (!result.ok) return;
    if (!result.body?.init_point) return notify(NO_URL, { type: 'error' });
    window.open(result.body.init_point, '_blank', 'noopener');
    notify(
      result.body.sandbox
        ? 'Link de pagamento aberto (simulação: nenhum dinheiro é cobrado).'
        : 'Link de pagamento aberto em uma nova aba.',
      { type: 'success' },
    );
  };
}

/**
 * "Cobrar por WhatsApp" (issue 27): the server writes the message to the financial responsible and answers the
 * wa.me address (GET /financials/{id}/whatsapp), opened in a new tab; without a phone, its message says why.
 */
function useWhatsApp() {
  const call = useFinanceCall();
  const api = useApi();
  const notify = useNotify();
  return async (charge: Charge) => {
    const result = await call(() => api.getWhatsAppLink(charge.id), 'Erro ao preparar a mensagem de WhatsApp.', {
      quiet: true,
    });
    if (!result.ok || !result.body?.url) return;
    window.open(result.body.url, '_blank', 'noopener');
    notify('Conversa do WhatsApp aberta em uma nova aba.', { type: 'success' });
  };
}

/**
 * A charge paid on a payment page (another tab, another device) shows without a manual reload: the record
 * is read again when this tab comes back into view, every few seconds while a payment dialog is open, and
 * when that dialog closes (the person is back from paying). Answers what closing the dialog calls.
 */
function usePaymentsSeen(dialogOpen: boolean): () => void {
  const refresh = useRefresh();
  useEffect(() => {
    const again = () => {
      if (document.visibilityState !== 'hidden') refresh();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [refresh]);
  useEffect(() => {
    if (!dialogOpen) return;
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, [dialogOpen, refresh]);
  return refresh;
}

/**
 * Tab FINANCEIRO of the student's edit screen: the add form, one accordion per enrolment with its
 * pendencies, the statement, the receipt of the selected charge, edit, delete and payment links.
 */
export function FinanceTab({ studentId, enrolments }: { studentId: number; enrolments: FinanceEnrolment[] }) {
  const notify = useNotify();
  const call = useFinanceCall();
  const api = useApi();
  const download = useDownload();
  const cardLink = useCardLink();
  const whatsApp = useWhatsApp();
  const { serviceTypes, paymentTypes } = useFinanceLookups();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Charge | null>(null);
  const [removing, setRemoving] = useState<Charge | null>(null);
  const [paying, setPaying] = useState<{ id: number; method: PaymentMethod } | null>(null);
  const [applyingPlan, setApplyingPlan] = useState(false);
  const all = enrolments.flatMap((e) => e.financials ?? []);
  // Dialogs follow the reloaded record, so that a new gateway answer shows at once.
  const current = (id: number | undefined) => all.find((c) => c.id === id) ?? null;
  const selected = current(selectedId ?? undefined);
  const payingCharge = current(paying?.id);
  const paymentsSeen = usePaymentsSeen(paying !== null);
  // Reading charges (the statement, the receipt) is `finance.read`; adding, editing, removing, charging `write`.
  const allows = useAllows();
  const canWrite = allows('finance.write');

  const receipt = () => {
    if (!selected) return notify(NO_CHARGE_SELECTED, { type: 'warning' });
    if (chargeState(selected) !== 'paid')
      return notify('O recibo só pode ser emitido para uma pendência paga.', { type: 'warning' });
    void download(`/exports/receipt/${selected.id}`, `recibo-${selected.id}.pdf`);
  };
  const remove = async () => {
    // With the version the row showed: a charge changed meanwhile is not removed unseen (409, told as a toast).
    if (removing)
      await call(() => api.deleteCharge(removing.id, removing.version), 'Erro ao remover a pendência financeira.');
    if (removing?.id === selectedId) setSelectedId(null);
    setRemoving(null);
  };
  const pay = (charge: Charge, action: PayAction) =>
    action === 'card' ? void cardLink(charge) : setPaying({ id: charge.id, method: action });

  return (
    <>
      {!canWrite ? null : enrolments.length === 0 ? (
        <Typography sx={{ mb: 2 }}>Matricule o aluno em uma turma para lançar pendências financeiras.</Typography>
      ) : (
        <>
          <AddChargeForm enrolments={enrolments} serviceTypes={serviceTypes} paymentTypes={paymentTypes} />
          <Button variant="outlined" onClick={() => setApplyingPlan(true)} sx={{ mb: 2 }}>
            Aplicar plano
          </Button>
        </>
      )}
      {applyingPlan && <ApplyPlanDialog open enrolments={enrolments} onClose={() => setApplyingPlan(false)} />}
      {canWrite && <Divider sx={{ mb: 2 }} />}
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" sx={{ mb: 1.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          Pendências financeiras
        </Typography>
        <Link
          component="button"
          type="button"
          onClick={() =>
            void download(`/exports/student-financial-history/${studentId}`, `extrato-financeiro-${studentId}.pdf`)
          }
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <DownloadIcon fontSize="small" /> EXTRATO FINANCEIRO
        </Link>
        <Button variant="outlined" startIcon={<ReceiptIcon />} onClick={receipt} aria-describedby="recibo-ajuda">
          Recibo
        </Button>
      </Stack>
      <Typography id="recibo-ajuda" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {selected
          ? `Parcela ${selected.quota ?? '—'} selecionada para o recibo.`
          : 'Selecione uma pendência paga para emitir o recibo.'}
      </Typography>
      {/* The selected paid charge's NFS-e, beside its receipt (issue 41). */}
      {selected && chargeState(selected) === 'paid' && allows('invoices.manage') && (
        <ChargeInvoice key={selected.id} studentId={studentId} chargeId={selected.id} />
      )}
      {enrolments.map((e, index) => (
        <Accordion key={e.id} defaultExpanded={index === 0} disableGutters>
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`matricula-${e.id}-pendencias`}
            id={`matricula-${e.id}-titulo`}
          >
            <Typography sx={{ fontWeight: 600 }}>
              {e.number} / {e.team.name.toLocaleUpperCase('pt-BR')}
            </Typography>
            <Typography color="text.secondary" sx={{ ml: 2 }}>
              {plural((e.financials ?? []).length, 'pendência', 'pendências')}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`matricula-${e.id}-pendencias`} sx={{ p: 0 }}>
            <PendenciesTable
              charges={e.financials ?? []}
              caption={`${e.number} / ${e.team.name}`}
              selectedId={selectedId}
              onSelect={(c) => setSelectedId(c.id)}
              onEdit={setEditing}
              onDelete={setRemoving}
              onPay={pay}
              onWhatsApp={(c) => void whatsApp(c)}
              readOnly={!canWrite}
            />
          </AccordionDetails>
        </Accordion>
      ))}
      {editing && (
        <EditChargeDialog
          key={editing.id}
          charge={editing}
          enrolments={enrolments}
          serviceTypes={serviceTypes}
          paymentTypes={paymentTypes}
          onClose={() => setEditing(null)}
        />
      )}
      {paying && payingCharge && (
        <PaymentDialog
          key={`${paying.id}-${paying.method}`}
          charge={payingCharge}
          method={paying.method}
          onClose={() => {
            setPaying(null);
            paymentsSeen();
          }}
        />
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
