import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { type Charge, type FinanceEnrolment, type Option } from './charges';
import { bodyOf, ChargeFields, draftOf, type ChargeDraft } from './ChargeFields';
import { useApi } from '../api/useApi';
import { useFinanceCall, type FieldErrors } from './useFinanceCall';

interface Props {
  charge: Charge;
  enrolments: FinanceEnrolment[];
  serviceTypes: Option[];
  paymentTypes: Option[];
  onClose: () => void;
}

/** The lists with the charge's own choice, so that its select shows it even before the lists arrive. */
const withOwn = (list: Option[], own: Option | null) =>
  own && !list.some((o) => o.id === own.id) ? [own, ...list] : list;

/** One charge with every field of `PUT /financials/{id}`; ticking Pago fills the pay day with today. */
export function EditChargeDialog({ charge, enrolments, serviceTypes, paymentTypes, onClose }: Props) {
  const call = useFinanceCall();
  const api = useApi();
  const [draft, setDraft] = useState<ChargeDraft>(() => draftOf(charge));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Someone else changed the charge since this dialog read it (409): said here, where the clerk is looking.
  const [conflict, setConflict] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    const result = await call(
      // The version this dialog read: a save over someone else's change is refused, never written over it.
      () => api.updateCharge(charge.id, { ...bodyOf(draft, 'edit'), version: charge.version }),
      'Erro ao atualizar a pendência financeira.',
    );
    setBusy(false);
    if (result.ok) return onClose();
    setErrors(result.errors);
    if (result.status === 409) setConflict(result.message ?? null);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="editar-pendencia-titulo">
      <DialogTitle id="editar-pendencia-titulo">
        Editar pendência financeira — parcela {charge.quota ?? '—'}
      </DialogTitle>
      <DialogContent>
        {conflict && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {conflict}
          </Alert>
        )}
        <form
          id="editar-pendencia"
          noValidate
          onSubmit={(e) => (e.preventDefault(), void save())}
          style={{ paddingTop: 8 }}
        >
          <ChargeFields
            mode="edit"
            draft={draft}
            onChange={setDraft}
            errors={errors}
            enrolments={enrolments}
            serviceTypes={withOwn(serviceTypes, charge.service_type)}
            paymentTypes={withOwn(paymentTypes, charge.payment_type)}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" form="editar-pendencia" variant="contained" disabled={busy}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
