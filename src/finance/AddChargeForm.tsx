import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { parseQuantity, quantityRefusal, type FinanceEnrolment, type Option } from './charges';
import { bodyOf, ChargeFields, emptyDraft, type ChargeDraft } from './ChargeFields';
import { useApi } from '../api/useApi';
import { useFinanceCall, type FieldErrors } from './useFinanceCall';

interface Props {
  enrolments: FinanceEnrolment[];
  serviceTypes: Option[];
  paymentTypes: Option[];
}

/**
 * New charges, repeated N times (default 1) in one `POST /financials` with `repetitions`: the server
 * numbers the quotas and moves the due date a calendar month each time, all or nothing.
 */
export function AddChargeForm({ enrolments, serviceTypes, paymentTypes }: Props) {
  const notify = useNotify();
  const call = useFinanceCall();
  const api = useApi();
  const [draft, setDraft] = useState<ChargeDraft>(() => emptyDraft(enrolments));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (next: ChargeDraft) => {
    // A corrected field loses its red mark.
    setErrors((old) =>
      Object.fromEntries(
        Object.entries(old).filter(
          ([field]) =>
            (next as unknown as Record<string, unknown>)[field] ===
            (draft as unknown as Record<string, unknown>)[field],
        ),
      ),
    );
    setDraft(next);
  };
  const submit = async () => {
    const repetitions = parseQuantity(draft.repetitions);
    if (repetitions === null) {
      const refusal = quantityRefusal(draft.repetitions);
      setErrors({ repetitions: refusal });
      return notify(refusal, { type: 'warning' });
    }
    setBusy(true);
    const body = bodyOf(draft, 'create', repetitions);
    const result = await call(() => api.addCharges(body), 'Erro ao adicionar a pendência financeira.');
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setDraft({ ...emptyDraft(enrolments), registration_id: draft.registration_id });
    } else setErrors(result.errors);
  };
  return (
    <Box
      component="form"
      aria-labelledby="nova-pendencia-titulo"
      noValidate
      onSubmit={(e) => (e.preventDefault(), void submit())}
      sx={{ mb: 3 }}
    >
      <Typography id="nova-pendencia-titulo" variant="subtitle1" component="h3" sx={{ mb: 1.5, fontWeight: 600 }}>
        Adicionar pendência financeira
      </Typography>
      <ChargeFields
        mode="create"
        draft={draft}
        onChange={change}
        errors={errors}
        enrolments={enrolments}
        serviceTypes={serviceTypes}
        paymentTypes={paymentTypes}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1.5 }}>
        Adicionar
      </Button>
    </Box>
  );
}
