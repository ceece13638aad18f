import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

/** A screen the signed-in user's role does not open (issue 24): what happened, and the way to the dashboard. */
export function AdminAccessDenied() {
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Acesso negado" />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="flex-start">
          <LockIcon color="action" fontSize="large" aria-hidden />
          <Box>
            <Typography variant="h5" component="h1" gutterBottom>
              Acesso negado
            </Typography>
            <Typography sx={{ mb: 2 }}>
              O seu perfil não dá acesso a esta página. Use o menu ao lado ou volte ao painel; se precisar dela, peça a
              quem administra o sistema na escola.
            </Typography>
            <Button component={Link} to="/admin/dashboard" variant="contained" startIcon={<ArrowBackIcon />}>
              Ir para o painel
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
