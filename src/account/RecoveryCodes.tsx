import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';

/** The recovery codes, shown once after the enrolment: the server keeps only their hashes. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Guarde estes códigos de recuperação em lugar seguro (impressos ou num gerenciador de senhas). Cada um vale uma
        única vez e serve para entrar se você perder o celular. Eles não serão mostrados de novo.
      </Alert>
      <Box
        component="ol"
        aria-label="Códigos de recuperação"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', columnGap: 4, rowGap: 1, m: 0 }}
      >
        {codes.map((code) => (
          <Typography component="li" key={code} sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}>
            {code}
          </Typography>
        ))}
      </Box>
      <Button variant="outlined" onClick={copy} sx={{ alignSelf: 'flex-start' }}>
        {copied ? 'Códigos copiados' : 'Copiar códigos'}
      </Button>
    </Stack>
  );
}
