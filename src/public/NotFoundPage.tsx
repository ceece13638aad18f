import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { PublicTheme } from './PublicTheme';

export function NotFoundPage() {
  return (
    <PublicTheme>
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 2 }}
      >
        <Box>
          <Typography variant="h2" component="p" color="text.secondary">
            404
          </Typography>
          <Typography variant="h4" component="h1" gutterBottom>
            Página não encontrada!
          </Typography>
          <Button component={Link} to="/" variant="contained">
            Voltar para o início
          </Button>
        </Box>
      </Box>
    </PublicTheme>
  );
}
