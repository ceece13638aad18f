import { Box, Checkbox, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { AddressFields, isComplete, type Address } from './AddressFields';

/** The student's address fields, as the form and the saved record name them (a student has no complement). */
export const STUDENT_ADDRESS = ['cep', 'street', 'number', 'neighborhood', 'city', 'uf'] as const;
export type StudentAddress = Partial<Record<(typeof STUDENT_ADDRESS)[number], unknown>>;

/** "Avenida Nazaré, 512 — Nazaré, Belém/PA"; empty when nothing of it is typed. */
export function addressLine(a: Partial<Record<keyof Address, unknown>>): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const street = [text(a.street), text(a.number)].filter(Boolean).join(', ');
  const place = [text(a.neighborhood), [text(a.city), text(a.uf)].filter(Boolean).join('/')].filter(Boolean);
  return [street, place.join(', ')].filter(Boolean).join(' — ');
}

/** The address typed above in the student's own form, as it is now. */
function StudentAddressLine() {
  const values = useWatch({ name: [...STUDENT_ADDRESS] }) as unknown[];
  return <AddressNote address={Object.fromEntries(STUDENT_ADDRESS.map((k, i) => [k, values[i]]))} />;
}

function AddressNote({ address }: { address: StudentAddress }) {
  const line = addressLine(address);
  return (
    <FormHelperText sx={{ mt: -0.5 }}>
      {line
        ? `Endereço do aluno: ${line}.`
        : 'O endereço do aluno ainda está em branco: preencha-o acima, ou desmarque para digitar outro.'}
    </FormHelperText>
  );
}

/**
 * The financial responsible's address (issue 35: PIX, boleto and contract need it): the student's, or their own with
 * the CEP lookup. A guardian already registered with a complete address keeps it.
 */
export function PayerAddress({
  draft,
  onSame,
  onAddress,
  found,
  errors,
  studentAddress,
}: {
  draft: { sameAddress: boolean; address: Address };
  onSame: (same: boolean) => void;
  onAddress: (address: Address) => void;
  /** The guardian already registered under the CPF typed, if any. */
  found: Partial<Record<keyof Address, unknown>> | null;
  errors: Record<string, string>;
  /** The student's address (stories); otherwise read from the student's form around the section. */
  studentAddress?: StudentAddress;
}) {
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  if (found && isComplete(found))
    return (
      <Typography variant="body2" color="text.secondary">
        Endereço do responsável financeiro no cadastro: {addressLine(found)}.
      </Typography>
    );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Endereço do responsável financeiro
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={draft.sameAddress} onChange={(e) => onSame(e.target.checked)} />}
        label="Mesmo endereço do aluno"
      />
      {draft.sameAddress ? (
        studentAddress ? (
          <AddressNote address={studentAddress} />
        ) : (
          form && <StudentAddressLine />
        )
      ) : (
        <Box sx={{ mt: 1 }}>
          <AddressFields
            value={draft.address}
            onChange={(next) => onAddress(next)}
            errors={errors}
            labelSuffix=" do responsável"
          />
        </Box>
      )}
    </Box>
  );
}
