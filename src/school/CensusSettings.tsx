import { Accordion, AccordionDetails, AccordionSummary, Grid, MenuItem, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { schoolCensusFields, type SchoolCensusName } from '../../resources/school-settings';
import type { FieldConfig } from '../../resources/types';
import { applyMask, onlyDigits } from '../../resources/text';
import { CheckboxGroup } from '../resources/MultiselectInput';
import { MunicipalityPicker } from '../resources/MunicipalityInput';

/** The school's census answers as the form holds them: text (several options as their stored text). */
export type CensusForm = Record<SchoolCensusName, string>;

export function censusForm(settings: Partial<Record<SchoolCensusName, string | number | null>>): CensusForm {
  return Object.fromEntries(
    schoolCensusFields.map((f) => [f.name, settings[f.name] == null ? '' : String(settings[f.name])]),
  ) as CensusForm;
}

/** What is sent: the typed text, an empty answer as null (the server reads the rest by the same configs). */
export function censusBody(form: CensusForm): Record<SchoolCensusName, string | null> {
  return Object.fromEntries(
    schoolCensusFields.map((f) => [f.name, form[f.name] === '' ? null : form[f.name]]),
  ) as Record<SchoolCensusName, string | null>;
}

const wide = (f: FieldConfig) => f.type === 'multiselect';

/**
 * Configurações da escola › Censo Escolar (issue 40): identification, address with the municipality and the
 * infrastructure answers of the Educacenso, each input drawn from its field config (resources/school-settings.ts).
 */
export function CensusSettings({
  value,
  onChange,
  errors,
  readOnly,
}: {
  value: CensusForm;
  onChange: (next: CensusForm) => void;
  errors: Record<string, string[]>;
  readOnly?: boolean;
}) {
  const set = (name: SchoolCensusName, text: string | null) => onChange({ ...value, [name]: text ?? '' });
  const input = (f: FieldConfig & { name: SchoolCensusName }) => {
    const error = errors[f.name]?.[0];
    const common = {
      label: f.label,
      error: Boolean(error),
      helperText: error ?? f.helperText,
      fullWidth: true,
    };
    if (f.rule === 'municipality')
      return (
        <MunicipalityPicker
          {...common}
          name={f.name}
          value={value[f.name] || null}
          onChange={(code) => set(f.name, code)}
          disabled={readOnly}
        />
      );
    if (f.type === 'multiselect')
      return (
        <CheckboxGroup
          field={f}
          value={value[f.name]}
          onChange={(text) => set(f.name, text)}
          error={common.error}
          helperText={common.helperText}
          disabled={readOnly}
        />
      );
    if (f.type === 'select')
      return (
        <TextField
          {...common}
          select
          name={f.name}
          value={value[f.name]}
          onChange={(e) => set(f.name, e.target.value)}
          slotProps={{ input: { readOnly } }}
        >
          <MenuItem value="">-- Selecione --</MenuItem>
          {(f.options ?? []).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    const digits = f.type === 'digits' || f.type === 'integer';
    return (
      <TextField
        {...common}
        name={f.name}
        value={f.mask ? applyMask(value[f.name], f.mask) : value[f.name]}
        onChange={(e) => set(f.name, digits ? onlyDigits(e.target.value).slice(0, f.maxLength) : e.target.value)}
        slotProps={{
          htmlInput: { maxLength: f.mask?.length ?? f.maxLength, ...(digits ? { inputMode: 'numeric' } : {}) },
        }}
      />
    );
  };
  const [open, setOpen] = useState(false);
  const failed = schoolCensusFields.some((f) => errors[f.name]);
  // Typed once a year: folded until opened (drawn only then), and opened by itself when the server refused an answer.
  return (
    <Accordion
      expanded={open || failed}
      onChange={(_event, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="censo-escolar" id="censo-escolar-titulo">
        <Typography variant="subtitle1">Censo Escolar</Typography>
      </AccordionSummary>
      <AccordionDetails id="censo-escolar">
        <Grid container columnSpacing={2} rowSpacing={2}>
          {schoolCensusFields.map((f) => (
            <Grid key={f.name} size={wide(f) ? 12 : { xs: 12, sm: 6 }}>
              {input(f)}
            </Grid>
          ))}
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}
