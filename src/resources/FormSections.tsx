import { Box, Grid, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { ResourceConfig } from '../../resources';
import { attentionMessage } from '../components/serverErrors';
import { FieldInput, type FormMode } from './inputs';
import { formSections, isWide } from './sections';

/**
 * The form's fields in the config's sections, each on a responsive grid: one field a row on a phone,
 * two on a laptop, three on a wide screen; long texts and pictures take a whole row.
 */
export function FormSections({ config, mode }: { config: ResourceConfig; mode: FormMode }) {
  const sections = formSections(config);
  return (
    <Box sx={{ width: '100%' }}>
      {sections.map((section, i) => (
        <Box key={section.title || i} component="section" aria-label={section.title || undefined} sx={{ mb: 1 }}>
          {section.title && (
            <Typography
              variant="subtitle1"
              component="h2"
              sx={{ fontWeight: 600, mt: i === 0 ? 0 : 2, mb: 1, color: 'text.secondary' }}
            >
              {section.title}
            </Typography>
          )}
          <Grid container columnSpacing={2}>
            {section.fields.map((field) => (
              <Grid key={field.name} size={isWide(field) || !config.sections ? 12 : { xs: 12, md: 6, xl: 4 }}>
                <FieldInput field={field} mode={mode} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </Box>
  );
}

/**
 * After a save is refused (by the form's checks or the server's 422), one toast counting the fields
 * marked in red: the same words as the bespoke forms (src/components/serverErrors.ts).
 */
export function AttentionNotifier() {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const count = Object.keys(errors).filter((name) => name !== 'root').length;
    if (count) notify(attentionMessage(count), { type: 'warning' });
    else if (typeof errors.root?.serverError?.message === 'string')
      notify(errors.root.serverError.message, { type: 'error' });
  }, [submitCount, errors, notify]);
  return null;
}
