import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ConstructionIcon from '@mui/icons-material/Construction';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

export interface PlaceholderPageProps {
  /** The screen's name, as the menu or the card calls it. */
  title: string;
  /** What the screen will do, in a sentence or two. */
  description: ReactNode;
  /** Where the way back leads (default: the dashboard). */
  backTo?: string;
  backLabel?: string;
}

/** A screen that is on its way: its name, what it will be, and a way back, never a blank page. */
export function PlaceholderPage({ title, description, backTo = '/admin/dashboard', backLabel = 'Voltar ao painel' }: PlaceholderPageProps) {
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={title} />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="flex-start">
          <ConstructionIcon color="warning" fontSize="large" aria-hidden />
          <Box>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            <Typography variant="overline" component="p" color="text.secondary">
              Tela em preparação
            </Typography>
            <Typography sx={{ mb: 2 }}>{description}</Typography>
            <Button component={Link} to={backTo} variant="contained" startIcon={<ArrowBackIcon />}>
              {backLabel}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

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
            <Typography sx={{ mb: 2 }}>O endereço digitado não existe ou o link seguido está desatualizado. Use o menu ao lado ou volte ao painel.</Typography>
            <Button component={Link} to="/admin/dashboard" variant="contained" startIcon={<ArrowBackIcon />}>
              Ir para o painel
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
