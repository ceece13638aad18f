import { Card, CardContent, Typography } from '@mui/material';
import { lazy } from 'react';
import { Deferred } from './Deferred';
import type { usePublicToast } from './usePublicToast';

// Below the fold on a first visit: its fields, multiline box and grid load after the first paint.
const ContactFields = lazy(() => import('./ContactFields').then((m) => ({ default: m.ContactFields })));

/** 'Ficou alguma dúvida?' (spec §2.3): the card and its title at once, the form when it comes near. */
export function ContactForm({ toast }: { toast: ReturnType<typeof usePublicToast> }) {
  return (
    <Card component="section" aria-labelledby="contato-titulo">
      <CardContent>
        <Typography id="contato-titulo" variant="h5" component="h2" gutterBottom>
          Ficou alguma dúvida?
        </Typography>
        {/* The form's height once drawn, with the human check in place (measured in Chromium at 390 and
            1366 px; tests/e2e/public-site.test.ts checks that the footer stays put when it arrives). */}
        <Deferred sx={{ minHeight: { xs: 500.5, sm: 424.5 } }} testId="contato-reservado">
          <ContactFields toast={toast} />
        </Deferred>
      </CardContent>
    </Card>
  );
}
