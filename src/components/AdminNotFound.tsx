import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

/** The admin's 404: what happened, and the way to the dashboard. */
export function AdminNotFound() {
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Página não encontrada" />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="flex-start">
          <SearchOffIcon color="action" fontSize="large" aria-hidden />
          <Box>
            <Typography variant="h5" component="h1" gutterBottom>
              Página não encontrada
            </Typography>
            <Typography sx={{ mb: 2 }}>
              O endereço digitado não existe ou o link seguido está desatualizado. Use o menu ao lado ou volte ao
              painel.
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
