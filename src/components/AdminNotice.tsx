import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

/** A back-office page that cannot be shown (not found, not allowed): what happened, and the way to the dashboard. */
export function AdminNotice({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={title} />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="flex-start">
          {icon}
          <Box>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            <Typography sx={{ mb: 2 }}>{children}</Typography>
            <Button component={Link} to="/admin/dashboard" variant="contained" startIcon={<ArrowBackIcon />}>
              Ir para o painel
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
