import { Alert, Box, Button, Step, StepButton, StepContent, Stepper, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatDate } from '../format';
import type { ReEnrolment, ReEnrolmentNext } from './api';
import { STATUS_LABELS, titleOf } from './ReEnrolmentCard';
import { ContractStep, DataStep, DocumentsStep, PaymentStep, PlanStep } from './ReEnrolmentSteps';

const ORDER: ReEnrolmentNext[] = ['dados', 'documentos', 'plano', 'contrato', 'pagamento', 'enviar'];
const LABELS: Record<string, string> = {
  dados: 'Dados',
  documentos: 'Documentos',
  plano: 'Plano',
  contrato: 'Contrato',
  pagamento: 'Pagamento',
  enviar: 'Enviar',
};

export interface ReEnrolmentActions {
  onSaveData: Parameters<typeof DataStep>[0]['onSave'];
  onUpload: (name: string, file: File) => void;
  onChoosePlan: (planId: number) => void;
  onReadContract: () => void;
  onSendCode: () => void;
  onSign: (code: string) => void;
  onPay: () => void;
  onSubmit: () => void;
}

/** Whether a step is done, from the request's state (the server's `missing` and `step`). */
function done(r: ReEnrolment, step: ReEnrolmentNext): boolean {
  switch (step) {
    case 'dados':
      return r.step !== 'aberto' && r.step !== 'convidado';
    case 'documentos':
      return !r.missing.includes('documentos');
    case 'plano':
      return !r.missing.includes('plano');
    case 'contrato':
      return !r.missing.includes('assinatura');
    case 'pagamento':
      return !r.missing.includes('pagamento');
    default:
      return r.status === 'enviado' || r.status === 'aceito';
  }
}

/** Where the request stands with the office, once sent (or returned with a note). */
export function ReEnrolmentStatus({ reEnrolment }: { reEnrolment: ReEnrolment }) {
  const status = STATUS_LABELS[reEnrolment.status];
  const severity =
    reEnrolment.status === 'aceito' ? 'success' : reEnrolment.status === 'devolvido' ? 'warning' : 'info';
  return (
    <Alert severity={severity} sx={{ mb: 2 }}>
      <strong>{status.label}</strong>
      {reEnrolment.status === 'enviado' && reEnrolment.submitted_at && (
        <> — enviada em {formatDate(reEnrolment.submitted_at)}. A secretaria vai conferir os dados e os documentos.</>
      )}
      {reEnrolment.status === 'aceito' && reEnrolment.team && <> — turma {reEnrolment.team.name}.</>}
      {reEnrolment.status === 'devolvido' && reEnrolment.office_note && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Recado da secretaria: {reEnrolment.office_note}
        </Typography>
      )}
    </Alert>
  );
}

/**
 * The family's way through a re-enrolment, one step open at a time, starting where the server says it stopped
 * (`next`); a step already reached may be opened again to look or change.
 */
export function ReEnrolmentStepper({
  reEnrolment,
  busy = false,
  contractRead,
  codeSentTo,
  notice,
  actions,
}: {
  reEnrolment: ReEnrolment;
  busy?: boolean;
  contractRead: boolean;
  codeSentTo: string | null;
  notice?: { severity: 'success' | 'error'; text: string } | null;
  actions: ReEnrolmentActions;
}) {
  const editable = reEnrolment.status === 'pendente' || reEnrolment.status === 'devolvido';
  const [open, setOpen] = useState<ReEnrolmentNext>(reEnrolment.next === 'situacao' ? 'enviar' : reEnrolment.next);
  const current = reEnrolment.next === 'situacao' ? ORDER.length : ORDER.indexOf(reEnrolment.next);
  const steps: Record<string, ReactNode> = {
    dados: <DataStep reEnrolment={reEnrolment} busy={busy} onSave={actions.onSaveData} />,
    documentos: <DocumentsStep reEnrolment={reEnrolment} busy={busy} onUpload={actions.onUpload} />,
    plano: <PlanStep reEnrolment={reEnrolment} busy={busy} onChoose={actions.onChoosePlan} />,
    contrato: (
      <ContractStep
        reEnrolment={reEnrolment}
        busy={busy}
        read={contractRead}
        sentTo={codeSentTo}
        onRead={actions.onReadContract}
        onSendCode={actions.onSendCode}
        onSign={actions.onSign}
      />
    ),
    pagamento: <PaymentStep reEnrolment={reEnrolment} onPay={actions.onPay} />,
    enviar: (
      <Box>
        {reEnrolment.missing.length > 0 && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Conclua os passos acima para enviar.
          </Typography>
        )}
        <Button variant="contained" onClick={actions.onSubmit} disabled={busy || reEnrolment.missing.length > 0}>
          Enviar para a secretaria
        </Button>
      </Box>
    ),
  };
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {titleOf(reEnrolment)}
      </Typography>
      {reEnrolment.team && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Turma em {reEnrolment.campaign.year}: {reEnrolment.team.name}
        </Typography>
      )}
      {(reEnrolment.status !== 'pendente' || reEnrolment.office_note) && (
        <ReEnrolmentStatus reEnrolment={reEnrolment} />
      )}
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      {editable && (
        <Stepper orientation="vertical" nonLinear activeStep={ORDER.indexOf(open)}>
          {ORDER.map((step, i) => (
            <Step key={step} completed={done(reEnrolment, step)} disabled={i > current}>
              <StepButton onClick={() => setOpen(step)}>{LABELS[step]}</StepButton>
              <StepContent>{steps[step]}</StepContent>
            </Step>
          ))}
        </Stepper>
      )}
    </Box>
  );
}
