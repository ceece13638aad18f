import { Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A field's error under it, as MUI's FormHelperText draws it: FormHelperText shares its chunk with TextField and
 * its Select, which the roll call does not need (issue 36).
 */
export function ErrorText({ id, children, sx }: { id?: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Typography
      id={id}
      component="p"
      variant="caption"
      color="error"
      sx={[{ mt: 0.5, mx: 1.75 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Typography>
  );
}
