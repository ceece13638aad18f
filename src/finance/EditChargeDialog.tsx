import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { type Charge, type FinanceEnrolment, type Option } from './charges';
import { bodyOf, ChargeFields, draftOf, type ChargeDraft } from './ChargeFields';
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
  const [draft, setDraft] = useState<ChargeDraft>(() => draftOf(charge));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const result = await call(
      `/financials/${charge.id}`,
      { method: 'PUT', body: bodyOf(draft, 'edit') },
      'Erro ao atualizar a pendência financeira.',
    );
    setBusy(false);
    if (result.ok) onClose();
    else setErrors(result.errors);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="editar-pendencia-titulo">
      <DialogTitle id="editar-pendencia-titulo">
        Editar pendência financeira — parcela {charge.quota ?? '—'}
      </DialogTitle>
      <DialogContent>
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
